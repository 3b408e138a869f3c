import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { createListedProduct } from './test/factories.js';

describe('the Koa app', () => {
  let app: TestApp;
  beforeAll(async () => {
    const webRoot = await mkdtemp(path.join(tmpdir(), 'kirana-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Kirana</title>');
    await writeFile(
      path.join(webRoot, 'agents.html'),
      '<!doctype html><title>Kirana Delivery</title>',
    );
    await writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(
      path.join(webRoot, 'seller-sw.js'),
      "self.importScripts('/seller-sw-precache.js');",
    );
    app = await createTestApp({ webRoot });
    await app.store.put('demo/apple-800.webp', Buffer.from('RIFF....WEBP'));
  });
  afterAll(() => app.close());

  test('answers are compressed for clients that accept it', async () => {
    for (let index = 0; index < 5; index += 1) await createListedProduct(app);
    const response = await app
      .http()
      .get('/api/product/list')
      .set('Accept-Encoding', 'br, gzip')
      .expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body.success).toBe(true);
  });

  test('/healthz answers while the process is up', async () => {
    await app.http().get('/healthz').expect(200, { success: true });
  });

  test('/readyz answers 200 when the database is reachable and 503 once shutdown begins', async () => {
    await app.http().get('/readyz').expect(200, { success: true });
    app.readiness.accepting = false;
    try {
      await app
        .http()
        .get('/readyz')
        .expect(503, { success: false, message: 'Shutting down', code: 'UNAVAILABLE' });
    } finally {
      app.readiness.accepting = true;
    }
  });

  test('an unknown API path is a 404 in the error envelope', async () => {
    const response = await app.http().get('/api/nothing-here').expect(404);
    expect(response.body).toEqual({
      success: false,
      message: 'No such endpoint: GET /api/nothing-here',
      code: 'NOT_FOUND',
    });
  });

  test('malformed JSON is a 400 in the error envelope, never a 500', async () => {
    const response = await app
      .http()
      .post('/api/product/list')
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(response.body).toMatchObject({ success: false });
    expect(response.body.message).toBe('Request body is not valid JSON');
  });

  test('a JSON body over the limit is a 413 in the error envelope', async () => {
    const response = await app
      .http()
      .post('/api/product/list')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(200_000) }))
      .expect(413);
    expect(response.body).toEqual({
      success: false,
      message: 'Request body is too large',
      code: 'TOO_LARGE',
    });
  });

  test('client routes get index.html, uncached, so a refresh on /cart loads the app', async () => {
    const response = await app.http().get('/products/fruits').expect(200);
    expect(response.text).toContain('<title>Kirana</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  test("the agents' screens get their own page, also on refresh", async () => {
    for (const url of ['/agents', '/agents/delivered']) {
      const response = await app.http().get(url).expect(200);
      expect(response.text).toContain('<title>Kirana Delivery</title>');
    }
    expect((await app.http().get('/agentsx').expect(200)).text).toContain('<title>Kirana</title>');
  });

  test("the seller area's service worker is served at the root as a script the browser checks on every visit (a missing script is a 404, never the page); its pages get index.html", async () => {
    const worker = await app.http().get('/seller-sw.js').expect(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('max-age=0');
    // Its scope, /seller, lies under the script's own folder: no Service-Worker-Allowed needed.
    expect(worker.headers['service-worker-allowed']).toBeUndefined();
    await app.http().get('/seller-sw-precache.js').expect(404);
    for (const url of ['/seller', '/seller/counter']) {
      const page = await app.http().get(url).expect(200);
      expect(page.text).toContain('<title>Kirana</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  test('hashed assets are cached for a year; a missing asset is a 404, not the app page', async () => {
    const asset = await app.http().get('/assets/index-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    await app.http().get('/assets/index-missing.js').expect(404);
  });

  test('uploads are served with long cache headers and cannot escape their folder', async () => {
    const image = await app.http().get('/uploads/demo/apple-800.webp').expect(200);
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    await app.http().get('/uploads/demo/none-800.webp').expect(404);
    await app.http().get('/uploads/..%2f..%2fetc%2fpasswd').expect(404);
  });
});
