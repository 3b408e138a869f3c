import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Product } from '@kirana/shared';
import { SOLD_BY_THE_PIECE } from '@kirana/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { CacheInvalidations } from '../../lib/cache-invalidations.js';
import type { TestApp } from '../../test/app.js';
import { useTestAppOfItsOwn, useTestAppsSharingRedis } from '../../test/fixtures.js';
import { createListedProduct, createProduct, picture, signInSeller } from '../../test/factories.js';
import { Catalogue, CATALOGUE_ORIGINS, type CatalogueReader } from './catalogue.js';
import { presentProduct } from './product.presenter.js';
import { listProducts } from './product.service.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function productNamed(name: string, inStock = true): Product {
  return {
    _id: randomUUID(),
    name,
    category: 'Fruits',
    description: ['Fresh'],
    price: 120,
    offerPrice: 99.5,
    image: ['/uploads/test/one-800.webp'],
    inStock,
    stockCount: null,
    pastCount: 0,
    weight: '1 kg',
    sku: null,
    barcode: null,
    hsn: null,
    gstRate: null,
    ...SOLD_BY_THE_PIECE,
    archivedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A reader whose reads the test answers one by one, and which counts them. */
function scriptedReader() {
  const reads: { publicUrl: string | undefined; answer: ReturnType<typeof deferred<Product[]>> }[] =
    [];
  const read: CatalogueReader = (publicUrl) => {
    const answer = deferred<Product[]>();
    reads.push({ publicUrl, answer });
    return answer.promise;
  };
  return { read, reads };
}

/** A reader that answers at once with whatever `products()` gives, and counts its reads. */
function countingReader(products: () => Product[] = () => [productNamed('Mango')]) {
  const reads: (string | undefined)[] = [];
  const read: CatalogueReader = async (publicUrl) => {
    reads.push(publicUrl);
    return products();
  };
  return { read, reads };
}

describe('the catalogue snapshot', () => {
  test('holds the exact JSON answer, its gzip and brotli forms, and a strong ETag of its bytes', async () => {
    const products = [productNamed('Mango'), productNamed('Okra', false)];
    const catalogue = new Catalogue(new CacheInvalidations(), async () => products);

    const snapshot = await catalogue.snapshot('https://shop.example.in');

    expect(snapshot.json.equals(Buffer.from(JSON.stringify({ success: true, products })))).toBe(
      true,
    );
    expect(snapshot.products).toEqual(products);
    expect(Object.isFrozen(snapshot.products)).toBe(true);
    expect(gunzipSync(snapshot.gzip).equals(snapshot.json)).toBe(true);
    expect(brotliDecompressSync(snapshot.brotli).equals(snapshot.json)).toBe(true);
    expect(snapshot.brotli.length).toBeLessThan(snapshot.json.length);
    expect(snapshot.etag).toMatch(/^"[\w-]{43}"$/);

    // The same bytes give the same tag (on another instance too); other bytes another tag.
    const again = await new Catalogue(new CacheInvalidations(), async () => products).snapshot(
      'https://shop.example.in',
    );
    expect(again.etag).toBe(snapshot.etag);
    const changed = await new Catalogue(new CacheInvalidations(), async () => [
      products[0]!,
    ]).snapshot('https://shop.example.in');
    expect(changed.etag).not.toBe(snapshot.etag);
  });

  test('requests that arrive while it is built share one read', async () => {
    const { read, reads } = scriptedReader();
    const catalogue = new Catalogue(new CacheInvalidations(), read);

    const waiting = Array.from({ length: 5 }, () => catalogue.snapshot(undefined));
    expect(reads).toHaveLength(1);
    reads[0]!.answer.resolve([productNamed('Mango')]);
    const snapshots = await Promise.all(waiting);

    expect(new Set(snapshots).size).toBe(1);
    expect(await catalogue.snapshot(undefined)).toBe(snapshots[0]);
    expect(reads).toHaveLength(1);
  });

  test('a change during a build: the build answers those already waiting, and is never answered again', async () => {
    const { read, reads } = scriptedReader();
    const catalogue = new Catalogue(new CacheInvalidations(), read);

    const early = catalogue.snapshot(undefined);
    catalogue.invalidate();
    const late = catalogue.snapshot(undefined);
    expect(reads).toHaveLength(2);
    reads[0]!.answer.resolve([productNamed('Before')]);
    reads[1]!.answer.resolve([productNamed('After')]);

    expect((await early).products[0]!.name).toBe('Before');
    expect((await late).products[0]!.name).toBe('After');
    expect((await catalogue.snapshot(undefined)).products[0]!.name).toBe('After');
    expect(reads).toHaveLength(2);
  });

  test('a build that finishes after a change is not kept, even with nobody asking meanwhile', async () => {
    const { read, reads } = scriptedReader();
    const catalogue = new Catalogue(new CacheInvalidations(), read);

    const early = catalogue.snapshot(undefined);
    catalogue.invalidate();
    reads[0]!.answer.resolve([productNamed('Before')]);
    await early;

    const next = catalogue.snapshot(undefined);
    expect(reads).toHaveLength(2);
    reads[1]!.answer.resolve([productNamed('After')]);
    expect((await next).products[0]!.name).toBe('After');
  });

  test('the invalidation channel makes it read again: a catalogue change or everything, not a session', async () => {
    const invalidations = new CacheInvalidations();
    const { read, reads } = countingReader();
    const catalogue = new Catalogue(invalidations, read);

    await catalogue.snapshot(undefined);
    invalidations.publish({ type: 'session', tokenHash: 'a'.repeat(64) });
    await catalogue.snapshot(undefined);
    expect(reads).toHaveLength(1);
    invalidations.publish({ type: 'catalogue' });
    await catalogue.snapshot(undefined);
    expect(reads).toHaveLength(2);
    invalidations.publish({ type: 'everything' });
    await catalogue.snapshot(undefined);
    expect(reads).toHaveLength(3);
  });

  test(`one snapshot per origin, at most ${CATALOGUE_ORIGINS}, the least recently used forgotten`, async () => {
    const { read, reads } = countingReader();
    const catalogue = new Catalogue(new CacheInvalidations(), read);
    const origin = (index: number) => `http://10.0.0.${index}:4000`;

    for (let index = 0; index < CATALOGUE_ORIGINS; index += 1)
      await catalogue.snapshot(origin(index));
    await catalogue.snapshot(origin(0)); // used again: origin 1 is now the oldest
    await catalogue.snapshot(origin(CATALOGUE_ORIGINS));
    expect(reads).toHaveLength(CATALOGUE_ORIGINS + 1);

    await catalogue.snapshot(origin(0));
    await catalogue.snapshot(origin(CATALOGUE_ORIGINS));
    expect(reads).toHaveLength(CATALOGUE_ORIGINS + 1);
    await catalogue.snapshot(origin(1));
    expect(reads).toHaveLength(CATALOGUE_ORIGINS + 2);
    expect(reads.at(-1)).toBe(origin(1));
  });

  test('a failed read is not kept: the next request reads again', async () => {
    const { read, reads } = scriptedReader();
    const catalogue = new Catalogue(new CacheInvalidations(), read);

    const failing = catalogue.snapshot(undefined);
    reads[0]!.answer.reject(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');

    const next = catalogue.snapshot(undefined);
    expect(reads).toHaveLength(2);
    reads[1]!.answer.resolve([productNamed('Mango')]);
    expect((await next).products).toHaveLength(1);
  });

  test('while other instances’ changes cannot be heard, every request reads anew', async () => {
    const invalidations = new CacheInvalidations();
    Object.defineProperty(invalidations, 'heard', { get: () => false });
    const { read, reads } = countingReader();
    const catalogue = new Catalogue(invalidations, read);

    await catalogue.snapshot(undefined);
    await catalogue.snapshot(undefined);
    expect(reads).toHaveLength(2);
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request as sent, its answer's bytes as received (no decoding). */
function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

function decoded(answer: RawAnswer): Buffer {
  switch (answer.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(answer.body);
    case 'gzip':
      return gunzipSync(answer.body);
    default:
      return answer.body;
  }
}

describe('GET /api/product/list from the snapshot', () => {
  // A database of its own: the other test files add products to the shared one all the while.
  const app = useTestAppOfItsOwn();
  const list = (headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(`${app.url}/api/product/list`, headers, method);

  beforeAll(async () => {
    for (const name of ['Alphonso Mango', 'Okra', 'Toor Dal'])
      await createListedProduct(app, { name });
  });

  test('answers byte for byte what a fresh read of the database gives', async () => {
    const answer = await list();

    const products = await listProducts(app.orm.em.fork());
    const fresh = JSON.stringify({
      success: true,
      products: products.map((product) => presentProduct(product, app.url)),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.toString('utf8')).toBe(fresh);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.etag).toMatch(/^"[\w-]{43}"$/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    // The security headers are still there.
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
  ])(
    'Accept-Encoding %j is answered in %s, the same bytes and ETag once decoded',
    async (acceptEncoding, coding) => {
      const plain = await list();
      const answer = await list({ 'accept-encoding': acceptEncoding });

      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(answer).equals(plain.body)).toBe(true);
    },
  );

  test('If-None-Match naming the current ETag gets a 304 without a body: exact, in a list, weak, or *', async () => {
    const { headers } = await list();
    const etag = headers.etag as string;

    for (const ifNoneMatch of [etag, `"stale", ${etag}`, `W/${etag}`, '*']) {
      const answer = await list({ 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' });
      expect(answer.status, ifNoneMatch).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.headers.etag).toBe(etag);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-encoding']).toBeUndefined();
    }
    const stale = await list({ 'if-none-match': '"stale"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBeGreaterThan(0);
  });

  test('HEAD answers the headers of a GET without the body, and 304 on a match', async () => {
    const get = await list({ 'accept-encoding': 'gzip' });
    const head = await list({ 'accept-encoding': 'gzip' }, 'HEAD');

    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers.etag).toBe(get.headers.etag);
    const matching = await list({ 'if-none-match': get.headers.etag as string }, 'HEAD');
    expect(matching.status).toBe(304);
  });

  test('the lane ahead of Koa answers as Koa does, header for header (Koa takes a request with an Origin)', async () => {
    const { etag } = (await list()).headers as { etag: string };
    /** An answer's headers but those of the moment: its id and date, the connection's. */
    const lasting = ({ headers }: RawAnswer) => {
      expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      return Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => !['x-request-id', 'date', 'connection', 'keep-alive'].includes(name),
        ),
      );
    };
    const kinds: [Record<string, string>, string][] = [
      [{}, 'GET'],
      [{ 'accept-encoding': 'gzip' }, 'GET'],
      [{ 'accept-encoding': 'gzip, deflate, br, zstd' }, 'GET'],
      [{ 'accept-encoding': 'br', 'if-none-match': etag }, 'GET'],
      [{ 'accept-encoding': 'br' }, 'HEAD'],
    ];
    for (const [headers, method] of kinds) {
      const lane = await list(headers, method);
      const koa = await list({ ...headers, origin: app.url }, method);

      expect(lane.status, JSON.stringify(headers)).toBe(koa.status);
      expect(lasting(lane), JSON.stringify(headers)).toEqual(lasting(koa));
      expect(lane.body.equals(koa.body)).toBe(true);
    }
  });

  test(
    'a product added or switched out of stock changes the answer and its ETag at once',
    { timeout: 60_000 },
    async () => {
      const seller = await signInSeller(app);
      const before = await list();

      const added = await seller.http
        .post('/api/product/add')
        .field(
          'productData',
          JSON.stringify({
            name: 'Nagpur Oranges',
            description: 'Juicy',
            category: 'Fruits',
            price: 120,
            offerPrice: 99.5,
            weight: '1 kg',
          }),
        )
        .attach('images', await picture('png'), 'front.png')
        .expect(201);
      const id = added.body.product._id as string;
      const afterAdding = await list({ 'if-none-match': before.headers.etag as string });
      expect(afterAdding.status).toBe(200);
      expect(afterAdding.headers.etag).not.toBe(before.headers.etag);
      const listed = JSON.parse(afterAdding.body.toString()).products as Product[];
      expect(listed.find((product) => product._id === id)?.inStock).toBe(true);

      await seller.http.post('/api/product/stock').send({ id, inStock: false }).expect(200);
      const afterSwitching = await list({ 'if-none-match': afterAdding.headers.etag as string });
      expect(afterSwitching.status).toBe(200);
      expect(afterSwitching.headers.etag).not.toBe(afterAdding.headers.etag);
      const relisted = JSON.parse(afterSwitching.body.toString()).products as Product[];
      expect(relisted.find((product) => product._id === id)?.inStock).toBe(false);
    },
  );
});

const redisUrl = process.env.REDIS_URL;

// Needs a Redis server: .ci/run provides one (REDIS_URL); a plain `npm test` skips this.
describe.runIf(redisUrl)('the catalogue on two instances sharing Redis', () => {
  const [a, b] = useTestAppsSharingRedis(redisUrl);

  const listOn = async (app: TestApp) => {
    const answer = await rawRequest(`${app.url}/api/product/list`);
    const products = JSON.parse(answer.body.toString()).products as Product[];
    return { etag: answer.headers.etag as string, products };
  };

  test(
    'a product switched out of stock through instance A is answered so by instance B',
    { timeout: 60_000 },
    async () => {
      const product = await createListedProduct(a, { name: 'Shared Mango' });
      const seller = await signInSeller(a);
      await expect
        .poll(async () => (await listOn(b)).products.some((each) => each._id === product.id))
        .toBe(true);
      const before = await listOn(b);

      await seller.http
        .post('/api/product/stock')
        .send({ id: product.id, inStock: false })
        .expect(200);

      await expect
        .poll(async () => (await listOn(b)).products.find((each) => each._id === product.id))
        .toMatchObject({ inStock: false });
      expect((await listOn(b)).etag).not.toBe(before.etag);
    },
  );

  test('a change written without telling anyone stays unseen: B answers from memory', async () => {
    await listOn(b);
    const unannounced = await createProduct(b.orm.em.fork(), { name: 'Unannounced' });
    const answer = await listOn(b);
    expect(answer.products.some((each) => each._id === unannounced.id)).toBe(false);
    // Announced on A: B hears of it.
    a.events.publish({ type: 'product.changed', productId: unannounced.id });
    await expect
      .poll(async () => (await listOn(b)).products.some((each) => each._id === unannounced.id))
      .toBe(true);
  });
});
