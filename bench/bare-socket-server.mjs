// The ceiling for bench/realtime.mjs: Socket.IO alone, no database, no sessions. Listens on a
// loopback port (printed as JSON on stdout); POST /broadcast emits `order:created` to every
// socket of the `/agents` namespace and answers once the emit is handed to the sockets: in the
// store's order (it commits, emits, then answers), so both figures measure the same interval.
// With REDIS_URL, several of it share their sockets' events through the store's adapter, set
// as the store sets it (sharded pub/sub, one channel a namespace, under REDIS_KEY_PREFIX).
import { createServer } from 'node:http';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';

/** The store's adapter over REDIS_URL (realtime.server.ts), or none without it. */
async function adapter() {
  if (!process.env.REDIS_URL) return undefined;
  const publisher = createClient({ url: process.env.REDIS_URL });
  const subscriber = publisher.duplicate();
  await Promise.all([publisher.connect(), subscriber.connect()]);
  return createShardedAdapter(publisher, subscriber, {
    channelPrefix: `${process.env.REDIS_KEY_PREFIX ?? 'kirana-bare:'}socket.io`,
    subscriptionMode: 'static',
  });
}

let sequence = 0;
const server = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/broadcast') {
    sequence += 1;
    const payload = { _id: `bare-${sequence}`, updatedAt: new Date().toISOString() };
    io.of('/agents').emit('order:created', payload);
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify(payload));
    return;
  }
  response.writeHead(404).end();
});
const io = new Server(server, {
  path: '/socket.io',
  serveClient: false,
  perMessageDeflate: false,
  adapter: await adapter(),
});
io.of('/agents');
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: server.address().port }));
});
process.on('SIGTERM', () => {
  io.close();
  process.exit(0);
});
