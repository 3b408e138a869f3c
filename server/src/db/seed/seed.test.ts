import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATEGORIES, GST_RATES, HSN, IMAGE_WIDTHS, rateHundredths } from '@kirana/shared';
import type { MikroORM } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createLogger } from '../../lib/logger.js';
import { ProductSchema } from '../../modules/product/product.entity.js';
import { searchProducts } from '../../modules/product/product-search.js';
import { SellerSchema } from '../../modules/seller/seller.entity.js';
import { SessionSchema } from '../../modules/session/session.entity.js';
import { startSession } from '../../modules/session/session.service.js';
import { LocalImageStore } from '../../modules/upload/image-store.js';
import { createDatabase, type TestDatabase } from '../../test/database.js';
import { openDatabase } from '../orm.js';
import type * as DemoPictures from './demo-pictures.js';
import { drawDemoPictures } from './demo-pictures.js';
import { seedDatabase, type SeedOptions } from './index.js';

// The real drawing, counted: only a start that seeds the demo may draw it.
vi.mock('./demo-pictures.js', async (importOriginal) => {
  const original = await importOriginal<typeof DemoPictures>();
  return { ...original, drawDemoPictures: vi.fn(original.drawDemoPictures) };
});

describe('seedDatabase on an empty database', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let uploads: string;
  let options: SeedOptions;

  beforeAll(async () => {
    database = await createDatabase();
    orm = await openDatabase({ url: database.url, embedded: database.embedded });
    uploads = await mkdtemp(path.join(tmpdir(), 'kirana-seed-'));
    options = {
      seller: { email: 'Owner@Shop.example', password: 'first-password', fromEnv: true },
      seedDemoData: true,
      store: new LocalImageStore(uploads),
      logger: createLogger('silent'),
    };
    // Two instances starting together must still seed the catalogue once.
    await Promise.all([seedDatabase(orm, options), seedDatabase(orm, options)]);
  }, 180_000);

  afterAll(async () => {
    await orm.close();
    await database.drop();
    await rm(uploads, { recursive: true, force: true });
  });

  test('creates a demo catalogue of 49 products, at least five in each of the seven categories, once', async () => {
    const products = await orm.em.fork().find(ProductSchema, {});
    expect(products).toHaveLength(49);
    for (const category of CATEGORIES) {
      const inIt = products.filter((product) => product.category === category.path);
      expect(inIt.length, category.path).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(products.map((product) => product.name)).size).toBe(products.length);
    for (const product of products) {
      expect(product.offerPricePaise).toBeLessThanOrEqual(product.pricePaise);
      expect(product.description.length).toBeGreaterThan(0);
    }
  });

  test('gives every demo product an HSN code and a GST rate, so a demo shop switched to regular sells all of it', async () => {
    const products = await orm.em.fork().find(ProductSchema, {});
    const rates = GST_RATES.map(rateHundredths);
    for (const product of products) {
      expect(product.hsn, product.name).toMatch(HSN);
      expect(rates, product.name).toContain(product.gstRate);
    }
    const taxOf = (name: string) => {
      const product = products.find((each) => each.name === name);
      return [product?.hsn, product?.gstRate];
    };
    expect(taxOf('Tomato')).toEqual(['0702', 0]);
    expect(taxOf('Toned Milk')).toEqual(['0401', 0]);
    expect(taxOf('Whole Wheat Atta')).toEqual(['1101', 500]);
    expect(taxOf('Sunflower Oil')).toEqual(['1512', 500]);
    expect(taxOf('Cola')).toEqual(['2202', 4000]);
  });

  test.each([
    ['dahi', 'Curd (Dahi)'],
    ['paneer', 'Paneer'],
    ['dal', 'Toor Dal'],
    ['atta', 'Whole Wheat Atta'],
    ['sugar', 'Sugar'],
    ['cheeni', 'Sugar'],
    ['oil', 'Mustard Oil'],
    ['tel', 'Mustard Oil'],
    ['ghee', 'Desi Ghee'],
    ['besan', 'Besan (Gram Flour)'],
  ])('a shopper searching the demo store for "%s" finds %s', async (q, name) => {
    const em = orm.em.fork();
    const { products } = await searchProducts(em, { q, page: 1, limit: 20 });
    expect(products.map((product) => product.name)).toContain(name);
  });

  test('renders every product image as WebP at each served width', async () => {
    const products = await orm.em.fork().find(ProductSchema, {});
    const [first] = products;
    for (const product of products) {
      expect(product.images).toHaveLength(1);
      for (const width of IMAGE_WIDTHS) {
        const file = path.join(
          uploads,
          product.images[0]!.replace('/uploads/', '').replace(/-800\.webp$/, `-${width}.webp`),
        );
        await access(file);
      }
    }
    const file = path.join(uploads, first!.images[0]!.replace('/uploads/', ''));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 800, height: 800 });
  });

  test('stores a tile image for each category', async () => {
    for (const category of CATEGORIES) {
      const file = path.join(uploads, category.image.replace('/uploads/', ''));
      expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 256 });
    }
  });

  test('a first start that does not seed the demo stores the tiles and never draws the demo', async () => {
    const store = await mkdtemp(path.join(tmpdir(), 'kirana-seed-'));
    try {
      vi.mocked(drawDemoPictures).mockClear();
      await seedDatabase(orm, {
        ...options,
        seedDemoData: false,
        store: new LocalImageStore(store),
      });
      expect(drawDemoPictures).not.toHaveBeenCalled();
      for (const category of CATEGORIES) {
        await access(path.join(store, category.image.replace('/uploads/', '')));
      }
    } finally {
      await rm(store, { recursive: true, force: true });
    }
  });

  test('a start with the tiles and the catalogue stored never draws the demo (a process reading ~100 MB of drawings)', async () => {
    vi.mocked(drawDemoPictures).mockClear();
    await seedDatabase(orm, options);
    expect(drawDemoPictures).not.toHaveBeenCalled();
  });

  test('creates the seller account from the environment with a hashed password', async () => {
    const sellers = await orm.em.fork().find(SellerSchema, {});
    expect(sellers).toHaveLength(1);
    expect(sellers[0]!.email).toBe('owner@shop.example');
    expect(sellers[0]!.passwordHash).not.toContain('first-password');
    expect(await argon2.verify(sellers[0]!.passwordHash, 'first-password')).toBe(true);
  });

  test('a second start with a new seller password changes it, ends the old sessions and adds no products', async () => {
    const before = await orm.em.fork().count(ProductSchema);
    const [seller] = await orm.em.fork().find(SellerSchema, {});
    await startSession(orm.em.fork(), 'seller', seller!.id);
    await seedDatabase(orm, {
      ...options,
      seller: { ...options.seller, password: 'second-password' },
    });

    const sellers = await orm.em.fork().find(SellerSchema, {});
    expect(sellers).toHaveLength(1);
    expect(await argon2.verify(sellers[0]!.passwordHash, 'second-password')).toBe(true);
    expect(await orm.em.fork().count(SessionSchema, { kind: 'seller' })).toBe(0);
    expect(await orm.em.fork().count(ProductSchema)).toBe(before);
  });
});
