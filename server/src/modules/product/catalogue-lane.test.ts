import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CacheInvalidations } from '../../lib/cache-invalidations.js';
import { Catalogue } from './catalogue.js';
import { catalogueLane } from './catalogue-lane.js';

const ORIGIN = 'https://shop.example.in';

describe('the catalogue lane', () => {
  /** Requests the lane left to Koa, which answers 299 here. */
  const toKoa: string[] = [];
  /** Lines the lane gave the request log: the request's URL and id. */
  const logged: { url: string | undefined; id: string }[] = [];
  const originsAsked: string[] = [];
  let failing = false;
  let origin: string | null = ORIGIN;
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const catalogue = new Catalogue(new CacheInvalidations(), (publicUrl) => {
      originsAsked.push(publicUrl ?? '');
      return failing ? Promise.reject(new Error('the database is down')) : Promise.resolve([]);
    });
    const koa: RequestListener = (req, res) => {
      toKoa.push(`${req.method} ${req.url}`);
      res.writeHead(299).end();
    };
    const server = createServer(
      catalogueLane(koa, {
        catalogue,
        originOf: () => origin,
        securityHeaders: [['X-Content-Type-Options', 'nosniff']],
        logLine: (req: IncomingMessage, _res, id) => logged.push({ url: req.url, id }),
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());
  beforeEach(() => {
    toKoa.length = 0;
    logged.length = 0;
    originsAsked.length = 0;
    failing = false;
    origin = ORIGIN;
  });

  test('answers GET and HEAD of the catalogue from the snapshot of the origin, with its log line', async () => {
    const answer = await supertest(url).get('/api/product/list').expect(200);
    await supertest(url).head('/api/product/list').expect(200);

    expect(answer.body).toEqual({ success: true, products: [] });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(toKoa).toEqual([]);
    expect(originsAsked).toContain(ORIGIN);
    expect(logged).toEqual([
      { url: '/api/product/list', id: answer.headers['x-request-id'] },
      { url: '/api/product/list', id: expect.any(String) },
    ]);
  });

  test('leaves to Koa other paths, methods, query strings, and any request with an Origin', async () => {
    await supertest(url).get('/api/product/listing').expect(299);
    await supertest(url).get('/api/product/list?page=2').expect(299);
    await supertest(url).post('/api/product/list').send({}).expect(299);
    await supertest(url).get('/api/product/list').set('Origin', ORIGIN).expect(299);

    expect(toKoa).toEqual([
      'GET /api/product/listing',
      'GET /api/product/list?page=2',
      'POST /api/product/list',
      'GET /api/product/list',
    ]);
    expect(logged).toEqual([]);
  });

  test('leaves to Koa a request whose origin it cannot tell (behind a proxy)', async () => {
    origin = null;
    await supertest(url).get('/api/product/list').expect(299);

    expect(toKoa).toEqual(['GET /api/product/list']);
  });

  test('leaves to Koa, which says what went wrong, a catalogue that cannot be read', async () => {
    failing = true;
    origin = 'https://another.example.in';
    await supertest(url).get('/api/product/list').expect(299);

    expect(toKoa).toEqual(['GET /api/product/list']);
    expect(logged).toEqual([]);
  });
});
