import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Koa from 'koa';
import { pino } from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppContext, AppState } from './context.js';
import { requestLog } from './request-log.js';

describe('the request log', () => {
  const lines: Record<string, unknown>[] = [];
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    // The app's own redaction, which the request log's lines need not pay for.
    const logger = pino({ level: 'info', redact: ['req.headers.cookie'] }, sink);
    const app = new Koa<AppState, AppContext>();
    app.use(requestLog(logger, { quiet: (path) => path === '/healthz' }));
    app.use((ctx) => {
      if (ctx.path === '/fails') ctx.log.error('something broke');
      ctx.status = ctx.path === '/missing' ? 404 : 200;
      ctx.body = 'ok';
    });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  const lineOf = (id: string) =>
    lines.find((line) => (line.req as { id?: string } | undefined)?.id === id);

  test('one line a request: its id (answered as X-Request-Id), method, URL, client, status, time; no headers', async () => {
    const response = await supertest(url)
      .get('/missing?page=2')
      .set('Cookie', 'kirana_user=secret-token')
      .set('Origin', 'https://shop.example.in')
      .set('User-Agent', 'phone')
      .expect(404);
    const id = response.headers['x-request-id'] as string;

    await expect.poll(() => lineOf(id)).toBeDefined();
    expect(lineOf(id)).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: {
        id,
        method: 'GET',
        url: '/missing?page=2',
        remoteAddress: '127.0.0.1',
        origin: 'https://shop.example.in',
        userAgent: 'phone',
      },
      res: { statusCode: 404 },
    });
    expect(typeof lineOf(id)?.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  test('an invite link’s code never reaches the log', async () => {
    const response = await supertest(url).get('/agents/join?code=secret-invite&x=1').expect(200);
    const id = response.headers['x-request-id'] as string;
    await expect.poll(() => lineOf(id)).toBeDefined();
    expect((lineOf(id)?.req as { url: string }).url).toBe('/agents/join?code=…&x=1');
    expect(JSON.stringify(lines)).not.toContain('secret-invite');
  });

  test('what is logged while answering carries the request’s id', async () => {
    const response = await supertest(url).get('/fails').expect(200);
    const id = response.headers['x-request-id'] as string;
    await expect.poll(() => lineOf(id)).toBeDefined();
    expect(lines.find((line) => line.msg === 'something broke')).toMatchObject({ reqId: id });
  });

  test('health checks answer without a line', async () => {
    const response = await supertest(url).get('/healthz').expect(200);
    const id = response.headers['x-request-id'] as string;
    const after = await supertest(url).get('/after-health').expect(200);
    await expect.poll(() => lineOf(after.headers['x-request-id'] as string)).toBeDefined();
    expect(lineOf(id)).toBeUndefined();
  });
});
