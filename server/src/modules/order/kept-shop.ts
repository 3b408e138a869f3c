/**
 * The shop's settings as placing an order reads them: kept in memory between the seller's
 * changes (a `shop` cache invalidation, on every instance), since reading them costs an order
 * more CPU than any statement of its transaction (bench/orders.mjs). Read-only: an order prices
 * and checks with them; a change goes through shop.service.ts updateShop, which announces it.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CacheInvalidations } from '../../lib/cache-invalidations.js';
import { CachedRead } from '../../lib/cached-read.js';
import type { ShopSettings } from '../shop/shop.entity.js';
import { readShop } from '../shop/shop.service.js';

/** The settings of the shop `orm` opens, kept until `invalidations` says they changed. */
export function keptShopSettings(
  orm: MikroORM,
  invalidations: CacheInvalidations,
): CachedRead<ShopSettings> {
  return new CachedRead(
    invalidations,
    (invalidation) => invalidation.type === 'shop',
    () => readShop(orm.em.fork()),
  );
}

declare module '../../lib/context.js' {
  interface AppContext {
    /** The shop's settings as of their last change, for placing orders (kept-shop.ts). */
    shopSettings: CachedRead<ShopSettings>;
  }
}
