import { SOCKET_PATH } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { useTestApp } from '../test/fixtures.js';
import { signUpShopper } from '../test/factories.js';
import { connect } from '../test/sockets.js';

/** A storefront served elsewhere, on the same site as the test app (so cookies stay Lax). */
const LISTED = 'http://127.0.0.1:5173';
const NOT_LISTED = 'http://127.0.0.1:5174';

const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
];

describe('CORS for PUBLIC_ORIGINS', () => {
  const app = useTestApp({ publicOrigins: [LISTED] });

  test('a preflight from a listed origin is answered with credentials, the methods and the headers', async () => {
    const response = await app
      .http()
      .options('/api/address/add')
      .set('Origin', LISTED)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type')
      .expect(204);

    expect(response.headers).toMatchObject({
      'access-control-allow-origin': LISTED,
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'Content-Type,Idempotency-Key',
    });
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(response.headers.vary).toContain('Origin');
  });

  test('a preflight from another origin gets no CORS header at all', async () => {
    const response = await app
      .http()
      .options('/api/address/add')
      .set('Origin', NOT_LISTED)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');

    for (const header of CORS_HEADERS) expect(response.headers[header]).toBeUndefined();
    expect(response.headers.vary).toContain('Origin');
  });

  test('a listed origin reads a signed-in answer; another origin gets it without CORS headers', async () => {
    const shopper = await signUpShopper(app);

    const listed = await shopper.http.get('/api/user/is-auth').set('Origin', LISTED).expect(200);
    expect(listed.headers['access-control-allow-origin']).toBe(LISTED);
    expect(listed.headers['access-control-allow-credentials']).toBe('true');

    const other = await shopper.http.get('/api/user/is-auth').set('Origin', NOT_LISTED);
    for (const header of CORS_HEADERS) expect(other.headers[header]).toBeUndefined();
  });

  test('errors to a listed origin carry the CORS headers too, so its page can read the message', async () => {
    const response = await app
      .http()
      .post('/api/address/add')
      .set('Origin', LISTED)
      .send({})
      .expect(401);

    expect(response.headers['access-control-allow-origin']).toBe(LISTED);
  });

  test('a socket from a listed origin connects; one from another origin is refused', async () => {
    const listed = app.socket('shop');
    listed.io.opts.extraHeaders = { origin: LISTED };
    await connect(listed);

    const other = app.socket('shop');
    other.io.opts.extraHeaders = { origin: NOT_LISTED };
    await expect(connect(other)).rejects.toThrow();
  });

  test('long polling from a listed origin is answered with CORS credentials, another origin’s not', async () => {
    const handshake = (origin: string) =>
      app
        .http()
        .get(`${SOCKET_PATH}/`)
        .query({ EIO: '4', transport: 'polling' })
        .set('Origin', origin);

    const listed = await handshake(LISTED).expect(200);
    expect(listed.headers['access-control-allow-origin']).toBe(LISTED);
    expect(listed.headers['access-control-allow-credentials']).toBe('true');

    const other = await handshake(NOT_LISTED);
    expect(other.status).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  test("the app's own files carry no Vary: Origin, so the agent app's offline cache finds them", async () => {
    const response = await app.http().get('/agents').set('Origin', LISTED);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers.vary ?? '').not.toContain('Origin');
  });
});

describe('session cookies when a listed origin is another site', () => {
  /** The attributes of the shopper's session cookie as a sign-up sets it. */
  async function sessionCookieOf(app: TestApp): Promise<string> {
    const response = await app
      .http()
      .post('/api/user/register')
      .send({
        name: 'Asha',
        email: `cookie-${Date.now()}-${Math.random()}@example.com`,
        password: 'correct-horse-battery',
      })
      .expect(201);
    const cookies = response.headers['set-cookie'] as unknown as string[];
    return cookies.find((cookie) => cookie.startsWith('kirana_user='))!.toLowerCase();
  }

  test('are SameSite=None; Secure, so the other site’s calls carry them', async () => {
    const app = await createTestApp({
      publicUrl: 'https://shop.example.in',
      publicOrigins: ['https://app.other.in'],
    });
    try {
      const cookie = await sessionCookieOf(app);
      expect(cookie).toContain('samesite=none');
      expect(cookie).toContain('secure');
      expect(cookie).toContain('httponly');
    } finally {
      await app.close();
    }
  });

  test('stay SameSite=Lax when every listed origin is the same site', async () => {
    const app = await createTestApp({
      publicUrl: 'https://shop.example.in',
      publicOrigins: ['https://app.shop.example.in'],
    });
    try {
      const cookie = await sessionCookieOf(app);
      expect(cookie).toContain('samesite=lax');
      expect(cookie).not.toContain('secure');
    } finally {
      await app.close();
    }
  });
});
