import { NAMESPACES, SOCKET_PATH } from '@kirana/shared';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { useTestApp } from '../../test/fixtures.js';
import { connect, disconnection, type TestSocket } from '../../test/sockets.js';
import { TOO_MANY_SOCKETS } from './realtime.server.js';

describe('how many sockets one address may hold', () => {
  const app = useTestApp({ trustProxy: true, socketLimits: { perAddress: 3, total: 8 } });

  /** A storefront socket from `address`, as the shop's proxy forwards it. */
  const from = (address: string): TestSocket =>
    io(`${app.url}${NAMESPACES.shop}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      autoConnect: false,
      reconnection: false,
      forceNew: true,
      extraHeaders: { 'x-forwarded-for': address },
    });

  test('a socket beyond the cap is refused while HTTP still answers, and a disconnect frees a place', async () => {
    const open = await Promise.all([0, 1, 2].map(() => connect(from('198.51.100.7'))));
    try {
      await expect(connect(from('198.51.100.7'))).rejects.toThrow();
      // Long polling's handshake shows what a refused client is told.
      const refused = await app
        .http()
        .get(`${SOCKET_PATH}/?EIO=4&transport=polling`)
        .set('X-Forwarded-For', '198.51.100.7')
        .expect(403);
      expect(refused.body).toMatchObject({ message: TOO_MANY_SOCKETS });
      await app.http().get('/healthz').expect(200);

      const gone = disconnection(open[0]!);
      open[0]!.disconnect();
      await gone;
      await expect
        .poll(() =>
          connect(from('198.51.100.7')).then(
            (socket) => open.push(socket) > 0,
            () => false,
          ),
        )
        .toBe(true);
    } finally {
      for (const socket of open) socket.disconnect();
    }
  });

  test('this machine (a proxy on it, a bench) is bounded by the total alone', async () => {
    const local = await Promise.all([0, 1, 2, 3, 4].map(() => connect(app.socket('shop'))));
    await expect(connect(app.socket('shop'))).resolves.toBeDefined();
    // Six here and two more from afar make the total of eight.
    const afar = await Promise.all([0, 1].map(() => connect(from('198.51.100.8'))));
    await expect(connect(app.socket('shop'))).rejects.toThrow();
    for (const socket of [...local, ...afar]) socket.disconnect();
  });

  describe('behind a trusted proxy', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await createTestApp({
        trustProxy: true,
        socketLimits: { perAddress: 2, total: 4 },
      });
    });
    afterAll(() => proxied.close());

    /** A long-polling handshake (a connection held until it times out) from `address`. */
    const handshake = (address: string) =>
      proxied
        .http()
        .get(`${SOCKET_PATH}/?EIO=4&transport=polling`)
        .set('X-Forwarded-For', address)
        .then((answer) => answer.status);

    test('each forwarded address has its own cap, and all of them together the total', async () => {
      expect(await handshake('203.0.113.1')).toBe(200);
      expect(await handshake('203.0.113.1')).toBe(200);
      expect(await handshake('203.0.113.1')).toBe(403);
      // The proxy's own entry is the last one: what the client claims before it is not trusted.
      expect(await handshake('203.0.113.9, 203.0.113.1')).toBe(403);
      expect(await handshake('203.0.113.2')).toBe(200);
      expect(await handshake('203.0.113.2')).toBe(200);
      expect(await handshake('203.0.113.3')).toBe(403);
      await proxied.http().get('/healthz').expect(200);
    });
  });
});
