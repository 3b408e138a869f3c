import type { CategoryPath } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductSchema, type Product } from '../modules/product/product.entity.js';
import type { TestApp } from './app.js';

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

/** A shopper signed up through the API; `http` carries their session cookie like a browser. */
export async function signUpShopper(app: TestApp, name = 'Asha Rao') {
  sequence += 1;
  const email = `shopper-${sequence}-${Date.now()}@example.com`;
  const password = 'correct-horse-battery';
  const http = app.agent();
  const response = await http
    .post('/api/user/register')
    .send({ name, email, password })
    .expect(201);
  return { http, email, password, id: response.body.user._id as string };
}

export const sampleAddress = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '+91 98450 12345',
};
