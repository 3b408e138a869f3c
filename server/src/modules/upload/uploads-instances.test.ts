import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CATEGORIES, IMAGE_WIDTHS, productSavedAnswerSchema } from '@kirana/shared';
import type { MikroORM } from '@mikro-orm/postgresql';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../db/orm.js';
import { SESSION_SECRET } from '../../test/app.js';
import { createDatabase, type TestDatabase } from '../../test/database.js';
import { picture } from '../../test/factories.js';
import {
  cleanUpServerProcesses,
  startServerProcess,
  type ServerProcess,
} from '../../test/process.js';
import { ProductSchema } from '../product/product.entity.js';
import { StoredImageSchema } from './stored-image.entity.js';

const seller = { email: 'owner@instances.example', password: 'instances-pass' };

/** Each width's URL path of the picture whose widest URL is `url`. */
const widthsOf = (url: string) =>
  IMAGE_WIDTHS.map((width) =>
    new URL(url, 'http://x').pathname.replace(/-800\.webp$/, `-${width}.webp`),
  );

/** xmin changes whenever a row is written again, even with the same values. */
async function rowVersions(orm: MikroORM): Promise<Map<string, string>> {
  const rows: { name: string; version: string }[] = await orm.em
    .fork()
    .getConnection()
    .execute('select "name", xmin::text as "version" from "stored_images"');
  return new Map(rows.map((row) => [row.name, row.version]));
}

async function noUploadsFolder(server: ServerProcess): Promise<boolean> {
  return readdir(path.join(server.dataDir, 'uploads')).then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
  );
}

describe('two server processes sharing one database with UPLOADS=database', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let a: { server: ServerProcess; url: string };
  let b: { server: ServerProcess; url: string };
  let seeded: Map<string, string>;

  const start = async () => {
    const { server, port } = await startServerProcess({
      DATABASE_URL: database.url,
      UPLOADS: 'database',
      SEED_DEMO_DATA: 'true',
      SESSION_SECRET,
      SELLER_EMAIL: seller.email,
      SELLER_PASSWORD: seller.password,
    });
    return { server, url: `http://127.0.0.1:${port}` };
  };

  beforeAll(async () => {
    // A database of its own: empty, so that instance A seeds the demo catalogue into it.
    database = await createDatabase();
    a = await start();
    orm = await openDatabase({ url: database.url, embedded: database.embedded });
    seeded = await rowVersions(orm);
    b = await start();
  }, 240_000);

  afterAll(async () => {
    await cleanUpServerProcesses();
    await orm?.close();
    await database?.drop();
  });

  test('the demo catalogue’s pictures and category tiles are in the database, written once', async () => {
    const products = await orm.em.fork().find(ProductSchema, {});
    expect(products.length).toBeGreaterThanOrEqual(40);
    const names = products.flatMap((product) =>
      widthsOf(product.images[0]!).map((url) => url.slice('/uploads/'.length)),
    );
    for (const category of CATEGORIES) names.push(category.image.slice('/uploads/'.length));
    expect([...seeded.keys()].sort()).toEqual([...new Set(names)].sort());
    // Instance B found them there: it neither rendered nor wrote any again.
    expect(await rowVersions(orm)).toEqual(seeded);
    expect(await noUploadsFolder(a.server)).toBe(true);
    expect(await noUploadsFolder(b.server)).toBe(true);
  });

  test('a demo picture is the same bytes and ETag from either instance', async () => {
    const [product] = await orm.em.fork().find(ProductSchema, {}, { limit: 1 });
    for (const url of [...widthsOf(product!.images[0]!), CATEGORIES[0]!.image]) {
      const fromA = await supertest(a.url).get(url).expect(200);
      const fromB = await supertest(b.url).get(url).expect(200);
      expect(fromB.headers['etag']).toBe(fromA.headers['etag']);
      expect(Buffer.compare(fromB.body as Buffer, fromA.body as Buffer)).toBe(0);
    }
  });

  test(
    'a picture the seller adds through instance A is served by instance B at every width, same bytes and ETag',
    { timeout: 60_000 },
    async () => {
      const sellerOnA = supertest.agent(a.url);
      await sellerOnA.post('/api/seller/login').send(seller).expect(200);
      const response = await sellerOnA
        .post('/api/product/add')
        .field(
          'productData',
          JSON.stringify({
            name: 'Alphonso Mangoes',
            description: 'From Ratnagiri',
            category: 'Fruits',
            price: 600,
            offerPrice: 550,
            weight: '1 kg',
          }),
        )
        .attach('images', await picture('jpeg', 1200, 900), 'mangoes.jpg')
        .expect(201);
      const { product } = productSavedAnswerSchema.parse(response.body);

      for (const url of widthsOf(product.image[0]!)) {
        const fromB = await supertest(b.url).get(url).expect(200);
        const fromA = await supertest(a.url).get(url).expect(200);
        expect(fromB.headers).toMatchObject({
          'content-type': 'image/webp',
          'cache-control': 'public, max-age=31536000, immutable',
          etag: fromA.headers['etag'],
        });
        expect(fromB.headers['etag']).toMatch(/^"[\w-]{43}"$/);
        expect(Buffer.compare(fromB.body as Buffer, fromA.body as Buffer)).toBe(0);
        // A browser that got it from A revalidates against B without downloading it again.
        await supertest(b.url).get(url).set('If-None-Match', fromA.headers['etag']!).expect(304);
      }
      expect(await noUploadsFolder(a.server)).toBe(true);
      expect(await orm.em.fork().count(StoredImageSchema, { name: { $like: 'products/%' } })).toBe(
        IMAGE_WIDTHS.length,
      );
    },
  );
});
