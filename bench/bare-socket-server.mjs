// The ceiling for bench/realtime.mjs: Socket.IO alone, no database, no sessions. Listens on a
// loopback port (printed as JSON on stdout); POST /broadcast emits `order:created` to every
// socket of the `/agents` namespace and answers once the emit is handed to the sockets: in the
// store's order (it commits, emits, then answers), so both figures measure the same interval.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

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
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.of('/agents');
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: server.address().port }));
});
process.on('SIGTERM', () => {
  io.close();
  process.exit(0);
});
