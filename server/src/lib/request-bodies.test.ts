import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AddressSchema } from '../modules/address/address.entity.js';
import { cookieHeader, createTestApp, type TestApp } from '../test/app.js';
import { useTestApp } from '../test/fixtures.js';
import { signInSeller, signUpShopper } from '../test/factories.js';

/** Bodies a fuzzer sends: nested far beyond any request of ours, complete or cut off. */
const DEEP_BODIES = {
  'an object 8,000 deep, cut off': '{"a":'.repeat(8000),
  'an object 8,000 deep': `${'{"a":'.repeat(8000)}1${'}'.repeat(8000)}`,
  'a list 100,000 deep, cut off': '['.repeat(100_000),
  'a list 50,000 deep': `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  'a list 33 deep': `${'['.repeat(33)}${']'.repeat(33)}`,
};

describe('request bodies a fuzzer sends', () => {
  let shopper: Awaited<ReturnType<typeof signUpShopper>>;
  const app = useTestApp();
  beforeAll(async () => {
    shopper = await signUpShopper(app);
  });

  test.each(Object.entries(DEEP_BODIES))(
    '%s is a 400 on any path, signed in or not, and changes nothing',
    async (_case, body) => {
      const before = await app.orm.em.fork().count(AddressSchema, {});
      const senders = [app.http(), shopper.http];
      for (const http of senders) {
        for (const url of ['/api/address/add', '/api/user/login', '/api/no-such-endpoint']) {
          const response = await http.post(url).set('Content-Type', 'application/json').send(body);
          expect(response.status).toBe(400);
          expect(response.body.success).toBe(false);
          expect(response.body.message).toMatch(/^Request body (is not valid JSON|is nested)/);
        }
      }
      expect(await app.orm.em.fork().count(AddressSchema, {})).toBe(before);
    },
  );

  test('a body 32 deep is still read (and judged by its route)', async () => {
    const deepest = `${'['.repeat(31)}${']'.repeat(31)}`;
    const response = await app
      .http()
      .post('/api/user/login')
      .set('Content-Type', 'application/json')
      .send(`{"email":${deepest}}`)
      .expect(400);
    expect(response.body.message).not.toMatch(/nested/);
  });

  test('a body of more values than any request holds is a 400', async () => {
    const response = await app
      .http()
      .post('/api/address/add')
      .send({ many: Array.from({ length: 10_001 }, () => 0) })
      .expect(400);
    expect(response.body.message).toBe('Request body holds too many values (at most 10000)');
  });
});

describe('uploads that are not files', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await app.store.put('demo/apple-800.webp', Buffer.from('RIFF....WEBP'));
  });
  afterAll(() => app.close());

  test.each([
    '/uploads/',
    '/uploads/demo',
    '/uploads/demo/',
    '/uploads/..%2f..%2fetc%2fpasswd',
    '/uploads/..%2f..',
    '/uploads/%2e%2e/%2e%2e/',
    '/uploads/%E0%A4%A',
    '/uploads/%00',
    '/uploads/demo/apple-800.webp%00.png',
  ])('GET %s is a 404, never a 500', async (url) => {
    await app.http().get(url).expect(404);
  });
});

describe('bodies their client cuts off', () => {
  let app: TestApp;
  let sellerCookie: string;
  const logged: { level: number; msg: string; err?: { stack?: string } }[] = [];
  beforeAll(async () => {
    app = await createTestApp({
      logger: pino(
        { level: 'trace' },
        { write: (line: string) => void logged.push(JSON.parse(line)) },
      ),
    });
    sellerCookie = cookieHeader((await signInSeller(app)).http);
  });
  afterAll(() => app.close());

  /**
   * Sends the head of a request promising `length` bytes, then part of its body, and goes away:
   * closing its side (FIN) or resetting the connection (RST).
   */
  async function cutOff(
    { path, type, body, cookie }: { path: string; type: string; body: string; cookie?: string },
    how: 'close' | 'reset',
  ) {
    const { hostname, port } = new URL(app.url);
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      [
        `POST ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        `Content-Type: ${type}`,
        `Content-Length: ${body.length + 100_000}`,
        ...(cookie ? [`Cookie: ${cookie}`] : []),
        '',
        body,
      ].join('\r\n'),
    );
    // Long enough for the server to start reading the body.
    await sleep(100);
    if (how === 'reset') socket.resetAndDestroy();
    else socket.destroy();
  }

  const BOUNDARY = 'kirana-cut-off';
  const requests = {
    'JSON to a route': {
      path: '/api/user/login',
      type: 'application/json',
      body: '{"email":"asha@example.com","password":"cor',
    },
    'JSON to an unknown path': { path: '/api/nowhere', type: 'application/json', body: '{"a":[1,' },
    'a webhook': {
      path: '/api/payments/razorpay/webhook',
      type: 'application/json',
      body: '{"event":"payment.captured","payload":',
    },
    'the seller’s picture upload': {
      path: '/api/product/add',
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
      seller: true,
    },
  };

  test.each(
    Object.entries(requests).flatMap(([name, request]) =>
      (['close', 'reset'] as const).map((how) => [name, how, request] as const),
    ),
  )(
    '%s cut off (%s) is a client that went away: no error in the log',
    async (_name, how, request) => {
      logged.length = 0;
      await cutOff({ ...request, cookie: 'seller' in request ? sellerCookie : undefined }, how);
      // The request's own line says when the server has done with it.
      for (let waited = 0; !logged.some((line) => line.msg === 'request aborted'); waited += 20) {
        if (waited > 5_000) throw new Error(`no request line: ${JSON.stringify(logged)}`);
        await sleep(20);
      }
      await sleep(100);
      expect(logged.filter((line) => line.level >= 50)).toEqual([]);
      expect(logged.some((line) => line.err?.stack)).toBe(false);
    },
  );
});
