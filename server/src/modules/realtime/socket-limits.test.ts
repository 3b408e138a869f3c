import { SOCKET_PATH } from '@kirana/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { connect, disconnection } from '../../test/sockets.js';
import { TOO_MANY_SOCKETS } from './realtime.server.js';

describe('how many sockets one address may hold', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ socketLimits: { perAddress: 3, total: 100 } });
  });
  afterAll(() => app.close());

  test('a socket beyond the cap is refused while HTTP still answers, and a disconnect frees a place', async () => {
    const open = await Promise.all([0, 1, 2].map(() => connect(app.socket('shop'))));

    await expect(connect(app.socket('shop'))).rejects.toThrow();
    // Long polling's handshake shows what a refused client is told.
    const refused = await app.http().get(`${SOCKET_PATH}/?EIO=4&transport=polling`).expect(403);
    expect(refused.body).toMatchObject({ message: TOO_MANY_SOCKETS });
    await app.http().get('/healthz').expect(200);

    const gone = disconnection(open[0]!);
    open[0]!.disconnect();
    await gone;
    await expect
      .poll(() =>
        connect(app.socket('shop')).then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
  });
});
