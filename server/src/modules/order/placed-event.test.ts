import { describe, expect, test } from 'vitest';
import type { CommittedOrder, DomainEvent } from '../../lib/domain-events.js';
import { useTestApp } from '../../test/fixtures.js';
import { addAddress, createProduct, signUpShopper } from '../../test/factories.js';
import { createKhataCustomer } from '../../test/khata-factory.js';
import { placeOnlineOrder } from '../../test/payments.js';
import { ProductSchema } from '../product/product.entity.js';
import { readListedOrders } from './order-reads.js';

describe('order.placed carries the order as readListedOrders reads it after the commit', () => {
  const app = useTestApp();

  /** Runs `place` and answers the orders its `order.placed` events carried, by id. */
  async function placedEvents(place: () => Promise<unknown>): Promise<Map<string, CommittedOrder>> {
    const heard: DomainEvent[] = [];
    const stop = app.events.subscribe((event) => void heard.push(event));
    try {
      await place();
      await app.events.settled();
    } finally {
      stop();
    }
    return new Map(
      heard.flatMap((event) =>
        event.type === 'order.placed' ? [[event.orderId, event.order]] : [],
      ),
    );
  }

  const readBack = async (orderId: string) =>
    (await readListedOrders(app.orm.em.fork(), [orderId]))[0];

  test('a COD order of several items — uncounted, counted to its last unit, loose by weight and a pack drawing from it', async () => {
    const em = app.orm.em.fork();
    const plain = await createProduct(em, { name: 'Sona Masoori', weight: null, sku: null });
    const counted = await createProduct(em, { name: 'Amul Butter 100 g', stockCount: 3 });
    const dal = em.create(ProductSchema, {
      name: 'Toor Dal loose',
      category: 'Fruits',
      description: ['Unpolished'],
      unit: 'kg',
      steps: [250, 500, 1000],
      pricePaise: 15_000,
      offerPricePaise: 14_000,
      images: [],
      stockCount: 5_000,
      hsn: '0713',
      gstRate: 500,
    });
    const pack = em.create(ProductSchema, {
      name: 'Toor Dal 1 kg',
      category: 'Fruits',
      description: [],
      pricePaise: 15_000,
      offerPricePaise: 14_500,
      images: ['/uploads/dal-800.webp'],
      family: 'Toor Dal',
      packLabel: '1 kg',
      drawsFrom: dal.id,
      packQuantity: 1_000,
    });
    await em.flush();
    const shopper = await signUpShopper(app);
    const address = await addAddress(shopper);
    let orderId = '';
    const events = await placedEvents(async () => {
      await shopper.http
        .post('/api/order/cod')
        .set('Idempotency-Key', crypto.randomUUID())
        .send({
          items: [
            { product: plain.id, quantity: 2 },
            { product: counted.id, quantity: 3 },
            { product: dal.id, quantity: 500 },
            { product: pack.id, quantity: 1 },
          ],
          address,
        })
        .expect(201);
      orderId = (await shopper.http.get('/api/order/user').expect(200)).body.orders[0]._id;
    });

    const listed = await readBack(orderId);
    expect(listed?.items).toHaveLength(4);
    expect(events.get(orderId)).toStrictEqual(listed);
    // The take's own changes are in it: the last unit sold, 1.5 kg gone from the loose stock.
    const products = new Map([...(listed?.items ?? [])].map((item) => [item.product.id, item]));
    expect(products.get(counted.id)?.product).toMatchObject({ stockCount: 0, inStock: false });
    expect(products.get(dal.id)?.product).toMatchObject({ stockCount: 3_500, inStock: true });
  });

  test('an online (Razorpay) order, hidden from the shop until paid', async () => {
    const shopper = await signUpShopper(app);
    let orderId = '';
    const events = await placedEvents(async () => {
      orderId = (await placeOnlineOrder(app, shopper, { quantity: 2 })).orderId;
    });
    const listed = await readBack(orderId);
    expect(listed).toMatchObject({ paymentType: 'Online', isPaid: false });
    expect(events.get(orderId)).toStrictEqual(listed);
  });

  test('a khata order, its credit held in the same transaction', async () => {
    const product = await createProduct(app.orm.em.fork(), { stockCount: 4 });
    const shopper = await signUpShopper(app);
    await createKhataCustomer(app.orm.em.fork(), { limitPaise: 1_000_000, shopper: shopper.id });
    const address = await addAddress(shopper);
    let orderId = '';
    const events = await placedEvents(async () => {
      const placed = await shopper.http
        .post('/api/order/khata')
        .set('Idempotency-Key', crypto.randomUUID())
        .send({ items: [{ product: product.id, quantity: 2 }], address })
        .expect(201);
      orderId = placed.body.orderId;
    });
    const listed = await readBack(orderId);
    expect(listed).toMatchObject({ paymentType: 'Khata', isPaid: false });
    expect([...(listed?.items ?? [])][0]?.product).toMatchObject({ stockCount: 2, inStock: true });
    expect(events.get(orderId)).toStrictEqual(listed);
  });
});
