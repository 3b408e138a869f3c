import { counterDayAnswerSchema, IDEMPOTENCY_KEY_HEADER } from '@kirana/shared';
import { afterEach } from 'vitest';
import { ProductSchema } from '../modules/product/product.entity.js';
import type { TestApp } from './app.js';
import { useSeller } from './fixtures.js';

/**
 * The seller at the till of `app` (a database of its own: one day is open at a time, shop-wide):
 * opening the day, selling with an Idempotency-Key, a product's count; each test leaves the till
 * closed for the next.
 */
export function useTill(app: TestApp) {
  const seller = useSeller(app);
  afterEach(async () => {
    const { day } = counterDayAnswerSchema.parse(
      (await seller.get('/api/counter/day').expect(200)).body,
    );
    if (day) await seller.post('/api/counter/day/close').send({ countedCash: 0 }).expect(200);
  });
  return {
    seller,
    openDay: (openingFloat = 500) =>
      seller.post('/api/counter/day/open').send({ openingFloat }).expect(201),
    sell: (body: object, key?: string) => {
      const request = seller.post('/api/counter/sales');
      if (key) request.set(IDEMPOTENCY_KEY_HEADER, key);
      return request.send(body);
    },
    stockOf: async (id: string) =>
      (await app.orm.em.fork().findOneOrFail(ProductSchema, id)).stockCount,
  };
}
