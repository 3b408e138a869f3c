import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import type { AppContext, AppState } from './context.js';
import { securityHeaderLists, securityHeaders } from './security-headers.js';

/** A storefront served elsewhere and listed in PUBLIC_ORIGINS. */
const LISTED = 'http://127.0.0.1:5173';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '').split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('security headers', () => {
  let app: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'kirana-web-'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Kirana</title>');
    app = await createTestApp({ webRoot, publicOrigins: [LISTED] });
    await app.store.put('demo/apple-800.webp', Buffer.from('RIFF....WEBP'));
  });
  afterAll(async () => {
    await app.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  test.each([
    ['the storefront page', '/', 200],
    ['a JSON answer', '/api/product/list', 200],
    ['a JSON error', '/api/user/is-auth', 401],
    ['an uploaded image', '/uploads/demo/apple-800.webp', 200],
    ['a missing file', '/uploads/demo/none-800.webp', 404],
  ])('%s cannot be framed, sniffed or leak its path', async (_case, url, status) => {
    const response = await app.http().get(url).expect(status);

    const csp = directives(response.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', app.url]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('data answers are this origin’s alone; files may be shown by other origins’ pages', async () => {
    const json = await app.http().get('/api/product/list').expect(200);
    expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');

    const image = await app.http().get('/uploads/demo/apple-800.webp').expect(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const checkout = await app.http().get('/payments/sandbox/checkout.js').expect(200);
    expect(checkout.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  test('the sandbox’s payment page may be framed by this store and the listed origins only', async () => {
    const response = await app.http().get('/payments/sandbox/pay.html').expect(200);

    const csp = directives(response.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'self'", LISTED]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  test('the sandbox’s other files are not framable', async () => {
    for (const file of ['checkout.js', 'pay.js', 'pay.css']) {
      const response = await app.http().get(`/payments/sandbox/${file}`).expect(200);
      expect(directives(response.headers['content-security-policy'])['frame-ancestors']).toEqual([
        "'none'",
      ]);
    }
  });

  test('plain HTTP gets no HSTS and no upgrade of insecure requests', async () => {
    const response = await app.http().get('/api/product/list').expect(200);

    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(directives(response.headers['content-security-policy'])).not.toHaveProperty(
      'upgrade-insecure-requests',
    );
  });
});

describe('security headers for a shop on Razorpay over HTTPS', () => {
  let server: ReturnType<typeof createServer>;
  let http: () => ReturnType<typeof supertest>;
  beforeAll(async () => {
    const app = new Koa<AppState, AppContext>();
    app.use(
      securityHeaders(
        securityHeaderLists({
          publicUrl: 'https://shop.example.in',
          publicOrigins: [],
          paymentProvider: 'razorpay',
        }),
      ),
    );
    app.use((ctx) => {
      ctx.body = { success: true };
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    http = () => supertest(server);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  test('Razorpay Checkout may run: its script, its frames and its calls', async () => {
    const response = await http().get('/').expect(200);

    const csp = directives(response.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://checkout.razorpay.com']);
    expect(csp['frame-src']).toEqual([
      "'self'",
      'https://api.razorpay.com',
      'https://checkout.razorpay.com',
    ]);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
    ]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp).toHaveProperty('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
