import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductSchema, type Product } from './product.entity.js';

/** The whole catalogue in the order it was created; shoppers' screens filter to in-stock items. */
export async function listProducts(em: EntityManager): Promise<Product[]> {
  return em.find(ProductSchema, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
}
