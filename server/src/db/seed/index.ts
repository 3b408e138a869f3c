import { readFile } from 'node:fs/promises';
import { CATEGORIES, rateHundredths, toPaise } from '@kirana/shared';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import type { Config } from '../../config.js';
import type { Logger } from '../../lib/logger.js';
import { ProductSchema } from '../../modules/product/product.entity.js';
import { SellerSchema } from '../../modules/seller/seller.entity.js';
import { endSessionsOf } from '../../modules/session/session.service.js';
import type { ImageStore } from '../../modules/upload/image-store.js';
import { drawDemoPictures } from './demo-pictures.js';

export interface SeedOptions {
  seller: Config['seller'];
  seedDemoData: boolean;
  store: ImageStore;
  logger: Logger;
}

/** Run at every start: idempotent, and safe when several instances start at once. */
export async function seedDatabase(orm: MikroORM, options: SeedOptions): Promise<void> {
  const em = orm.em.fork();
  await storeCategoryTiles(options.store);
  const wantsDemo = options.seedDemoData && (await em.count(ProductSchema)) === 0;
  // Drawing is slow and idempotent (fixed keys), so it happens before the lock is taken.
  const demo = wantsDemo ? await drawDemoPictures(options.store) : [];
  const created = await em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
    await ensureSellerAccount(tx, options.seller);
    if (demo.length === 0 || (await tx.count(ProductSchema)) > 0) return 0;
    demo.forEach(({ product, image }, index) => {
      // Distinct creation times keep the catalogue in the order it is written.
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, index));
      tx.create(ProductSchema, {
        name: product.name,
        category: product.category,
        description: product.description,
        pricePaise: toPaise(product.price),
        offerPricePaise: toPaise(product.offerPrice),
        images: [image],
        inStock: product.inStock ?? true,
        weight: product.weight,
        hsn: product.hsn,
        gstRate: rateHundredths(product.gstRate),
        createdAt,
        updatedAt: createdAt,
      });
    });
    return demo.length;
  });
  if (created) options.logger.info({ products: created }, 'seeded the demo catalogue');
}

/** Serialises seeding across instances sharing one database. */
const SEED_LOCK = 7_304_211;

/** The spec's categories' pictures, shipped in server/assets/categories (its README). */
const TILES = new URL('../../../assets/', import.meta.url);

/** Stores each seeded category's picture the store does not have yet. */
async function storeCategoryTiles(store: ImageStore): Promise<void> {
  for (const category of CATEGORIES) {
    const name = category.image.slice(store.baseUrl.length + 1);
    if (!(await store.has(name))) await store.put(name, await readFile(new URL(name, TILES)));
  }
}

/** The one seller account follows the environment: its email and password are set from there. */
async function ensureSellerAccount(em: EntityManager, seller: Config['seller']): Promise<void> {
  const email = seller.email.toLowerCase();
  const [existing] = await em.find(SellerSchema, {}, { orderBy: { createdAt: 'asc' }, limit: 1 });
  if (!existing) {
    em.create(SellerSchema, { email, passwordHash: await argon2.hash(seller.password) });
  } else if (
    existing.email !== email ||
    !(await argon2.verify(existing.passwordHash, seller.password))
  ) {
    existing.email = email;
    existing.passwordHash = await argon2.hash(seller.password);
    // New credentials (a leaked password rotated, say) end every session of the old ones.
    await endSessionsOf(em, 'seller', existing.id);
  }
  await em.flush();
}
