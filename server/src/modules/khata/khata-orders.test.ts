import { IDEMPOTENCY_KEY_HEADER, userOrdersAnswerSchema } from '@kirana/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { useSeller, useTestApp } from '../../test/fixtures.js';
import { createProduct, sampleAddress, signInAgent, signUpShopper } from '../../test/factories.js';
import { createKhataCustomer, khataOf } from '../../test/khata-factory.js';
import { OrderSchema } from '../order/order.entity.js';
import { KhataCustomerSchema, KhataEntrySchema } from './khata.entity.js';
import { khataDeliveryStep, NO_KHATA_CREDIT, NOT_ON_KHATA } from './khata-orders.js';
import { OrderChanges } from '../order/order-transitions.js';

type Shopper = Awaited<ReturnType<typeof signUpShopper>>;

describe('online orders on the khata', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  /** A shopper with an address, linked to a khata customer of `limitPaise` (none: not linked). */
  async function khataShopper(limitPaise?: number) {
    const shopper = await signUpShopper(app);
    const added = await shopper.http
      .post('/api/address/add')
      .send({ address: sampleAddress })
      .expect(201);
    const customer =
      limitPaise === undefined
        ? null
        : await createKhataCustomer(app.orm.em.fork(), { limitPaise, shopper: shopper.id });
    return { ...shopper, address: added.body.address._id as string, customer };
  }
  const order = (shopper: Shopper & { address: string }, product: string, key?: string) => {
    const request = shopper.http.post('/api/order/khata');
    if (key) request.set(IDEMPOTENCY_KEY_HEADER, key);
    return request.send({ items: [{ product, quantity: 1 }], address: shopper.address });
  };
  const stored = (id: string) => app.orm.em.fork().findOneOrFail(OrderSchema, { id });
  const entriesOf = (customer: string) =>
    app.orm.em.fork().find(KhataEntrySchema, { customer }, { orderBy: { createdAt: 'asc' } });

  test('a shopper on no khata, or on one without credit, is refused and nothing is placed', async () => {
    const product = await createProduct(app.orm.em.fork(), { stockCount: 5 });
    const unlinked = await khataShopper();
    const refused = await order(unlinked, product.id).expect(403);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: NOT_ON_KHATA,
    });
    const noCredit = await khataShopper(0);
    expect((await order(noCredit, product.id).expect(403)).body.message).toBe(NO_KHATA_CREDIT);
    expect(await app.orm.em.fork().count(OrderSchema, { user: unlinked.id })).toBe(0);
    expect(await app.orm.em.fork().count(OrderSchema, { user: noCredit.id })).toBe(0);
    await app.http().post('/api/order/khata').send({}).expect(401);
  });

  test('a delivered khata order goes on the khata once, whatever repeats; the agent collects nothing', async () => {
    const shopper = await khataShopper(1_000_000);
    const product = await createProduct(app.orm.em.fork(), { stockCount: 5 });
    const key = randomUUID();
    const [first, again] = await Promise.all([
      order(shopper, product.id, key),
      order(shopper, product.id, key),
    ]);
    expect(first!.status).toBe(201);
    expect(again!.body.orderId).toBe(first!.body.orderId);
    const id = first!.body.orderId as string;
    const placed = await stored(id);
    expect(placed).toMatchObject({ paymentType: 'Khata', isPaid: false });
    const mine = userOrdersAnswerSchema.parse(
      (await shopper.http.get('/api/order/user').expect(200)).body,
    );
    expect(mine.orders.map((each) => each.paymentType)).toEqual(['Khata']);
    // The shop sees it at once, and an agent takes it; there is no cash to collect.
    const seen = await seller.get('/api/order/seller').expect(200);
    expect((seen.body.orders as Array<{ _id: string }>).some((each) => each._id === id)).toBe(true);
    const agent = await signInAgent(app, 'Imran');
    await agent.http.post('/api/agents/accept').send({ orderId: id }).expect(200);
    await agent.http.put(`/api/agents/status/${id}`).send({ status: 'Picked' }).expect(200);
    const collect = await agent.http.put(`/api/agents/mark-paid/${id}`).expect(409);
    expect(collect.body.code).toBe('NOT_COD');
    expect(await entriesOf(shopper.customer!)).toHaveLength(0);
    const deliver = () =>
      agent.http
        .put(`/api/agents/status/${id}`)
        .send({ status: 'Delivered', pin: placed.deliveryPin ?? undefined });
    await deliver().expect(200);
    // Delivered again (a retried request) is refused, and the delivery step run again posts nothing.
    await deliver().expect(409);
    const delivered = await stored(id);
    await app.orm.em.fork().transactional(async (tx) => {
      const changes = new OrderChanges(tx);
      await khataDeliveryStep.delivered(changes, delivered);
      expect(changes.events).toHaveLength(0);
    });
    const entries = await entriesOf(shopper.customer!);
    expect(entries.map((entry) => [entry.kind, entry.amountPaise, entry.order?.id])).toEqual([
      ['credit', placed.amountPaise, id],
    ]);
    expect(await khataOf(app.orm.em, shopper.customer!)).toEqual({
      balancePaise: placed.amountPaise,
      sumPaise: placed.amountPaise,
      entries: 1,
    });
  });

  test('the limit counts khata orders on their way; a cancelled one never goes on the khata and frees its part', async () => {
    const shopper = await khataShopper(10_000_000);
    const product = await createProduct(app.orm.em.fork(), { stockCount: 10 });
    const first = (await order(shopper, product.id).expect(201)).body.orderId as string;
    const { amountPaise } = await stored(first);
    // Room for one and a half such orders: the one on its way leaves no room for a second.
    await app.orm.em
      .fork()
      .nativeUpdate(
        KhataCustomerSchema,
        { id: shopper.customer! },
        { creditLimitPaise: Math.floor(amountPaise * 1.5) },
      );
    const refused = await order(shopper, product.id).expect(409);
    expect(refused.body).toMatchObject({ success: false, code: 'CREDIT_LIMIT' });
    expect(refused.body.credit.balance * 100).toBeCloseTo(amountPaise);
    expect(await app.orm.em.fork().count(OrderSchema, { user: shopper.id })).toBe(1);
    // Cancelled before delivery: nothing on the khata, and the room is back.
    await shopper.http.post('/api/order/cancel').send({ orderId: first }).expect(200);
    await order(shopper, product.id).expect(201);
    expect(await entriesOf(shopper.customer!)).toHaveLength(0);
    expect(await stored(first)).toMatchObject({ status: 'Cancelled', paymentType: 'Khata' });
  });

  test('a shopper whose khata order is on its way stays linked to the khata it goes on, until it is delivered or cancelled', async () => {
    const shopper = await khataShopper(10_000_000);
    const product = await createProduct(app.orm.em.fork(), { stockCount: 10 });
    const placed = (await order(shopper, product.id).expect(201)).body.orderId as string;
    const customer = (await seller.get(`/api/khata/customers/${shopper.customer}`).expect(200)).body
      .customer as { name: string; phone: string; creditLimit: number };
    const unlink = () =>
      seller.put(`/api/khata/customers/${shopper.customer}`).send({ ...customer, shopper: null });
    const refused = await unlink().expect(409);
    expect(refused.body).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(refused.body.message).toContain('an order on the khata on the way');
    expect(await stored(placed)).toMatchObject({ status: 'Order Placed', paymentType: 'Khata' });
    await shopper.http.post('/api/order/cancel').send({ orderId: placed }).expect(200);
    const unlinked = await unlink().expect(200);
    expect(unlinked.body.customer.shopper).toBeNull();
  });
});
