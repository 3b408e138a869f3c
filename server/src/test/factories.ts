import type { CategoryPath } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductSchema, type Product } from '../modules/product/product.entity.js';

let sequence = 0;

/** A saved product with believable defaults; pass only what the test is about. */
export async function createProduct(
  em: EntityManager,
  overrides: Partial<{
    name: string;
    category: CategoryPath;
    description: string[];
    pricePaise: number;
    offerPricePaise: number;
    images: string[];
    inStock: boolean;
    weight: string | null;
  }> = {},
): Promise<Product> {
  sequence += 1;
  const product = em.create(ProductSchema, {
    name: `Test product ${sequence}`,
    category: 'Fruits',
    description: ['Fresh', 'Tasty'],
    pricePaise: 12_000,
    offerPricePaise: 9_950,
    images: [`/uploads/test/product-${sequence}-800.webp`],
    inStock: true,
    weight: '1 kg',
    ...overrides,
  });
  await em.flush();
  return product;
}
