import {
  MAX_STOCK_COUNT,
  agentOrdersAnswerSchema,
  cancelOrderAnswerSchema,
  orderHistoryAnswerSchema,
  sellerOrderAnswerSchema,
  userOrdersAnswerSchema,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import type { Browser } from '../../test/app.js';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import {
  createProduct,
  deliveryPinOf,
  placeCodOrder,
  signInAgent,
  signUpShopper,
} from '../../test/factories.js';
import { capturedPayment, payInSandbox, placeOnlineOrder, webhook } from '../../test/payments.js';
import { connect, listen } from '../../test/sockets.js';
import { RefundSchema } from '../payment/payment.entity.js';
import { SandboxRefundSchema } from '../payment/sandbox/sandbox.entity.js';
import { ProductSchema } from '../product/product.entity.js';
import { OrderEventSchema, OrderSchema } from './order.entity.js';

type Agent = Awaited<ReturnType<typeof signInAgent>>;

/** Where an order stands before someone tries to cancel it. */
type Stage = 'placed' | 'accepted' | 'picked' | 'delivered' | 'cancelled';

describe('cancelling an order', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  const cancelAsShopper = (http: Browser, orderId: unknown) =>
    http.post('/api/order/cancel').send({ orderId });
  const cancelAsSeller = (orderId: unknown, reason: unknown = 'Out of delivery range') =>
    seller.post('/api/order/seller/cancel').send({ orderId, reason });
  const stored = (id: string) => app.orm.em.fork().findOneOrFail(OrderSchema, { id });
  /** What a cancellation could change. */
  const stateOf = async (id: string) => {
    const { status, cancelledAt, cancelledBy, cancelReason, assignedTo, refundPaise, updatedAt } =
      await stored(id);
    return {
      status,
      cancelledAt,
      cancelledBy,
      cancelReason,
      assignedTo: assignedTo?.id,
      refundPaise,
      updatedAt,
    };
  };
  const history = async (id: string) =>
    orderHistoryAnswerSchema.parse((await seller.get(`/api/order/${id}/history`).expect(200)).body)
      .events;
  const live = async (area: 'shop' | 'seller' | 'agents', browser: Browser) =>
    listen(await connect(app.socket(area, browser)));

  /** A COD order of one new product, moved on to `stage`; answers who holds it. */
  async function orderAt(stage: Stage, productId?: string) {
    const shopper = await signUpShopper(app);
    const id = await placeCodOrder(app, shopper, productId);
    let agent: Agent | undefined;
    if (stage !== 'placed' && stage !== 'cancelled') {
      agent = await signInAgent(app, 'Imran');
      await agent.http.post('/api/agents/accept').send({ orderId: id }).expect(200);
    }
    if (stage === 'picked' || stage === 'delivered')
      await agent?.http.put(`/api/agents/status/${id}`).send({ status: 'Picked' }).expect(200);
    if (stage === 'delivered') {
      await agent?.http.put(`/api/agents/mark-paid/${id}`).expect(200);
      await agent?.http
        .put(`/api/agents/status/${id}`)
        .send({ status: 'Delivered', pin: await deliveryPinOf(app, id) })
        .expect(200);
    }
    if (stage === 'cancelled') await cancelAsSeller(id).expect(200);
    return { id, shopper, agent };
  }

  describe('the rules, per role and stage', () => {
    const cases: [Stage, 'shopper' | 'seller', number, string][] = [
      ['placed', 'shopper', 200, 'Order cancelled'],
      ['accepted', 'shopper', 200, 'Order cancelled'],
      [
        'picked',
        'shopper',
        409,
        'Order has been picked up and can no longer be cancelled: ask the shop',
      ],
      ['delivered', 'shopper', 409, 'Order has been delivered and can no longer be cancelled'],
      ['cancelled', 'shopper', 409, 'Order is already cancelled'],
      ['placed', 'seller', 200, 'Order cancelled'],
      ['accepted', 'seller', 200, 'Order cancelled'],
      ['picked', 'seller', 200, 'Order cancelled'],
      ['delivered', 'seller', 409, 'Order has been delivered and can no longer be cancelled'],
      ['cancelled', 'seller', 200, 'Order cancelled'],
    ];
    test.each(cases)('a %s order, cancelled by the %s: %i', async (stage, who, status, message) => {
      const { id, shopper } = await orderAt(stage);
      const before = await stateOf(id);
      const lines = (await history(id)).length;
      const answer =
        who === 'shopper'
          ? await cancelAsShopper(shopper.http, id).expect(status)
          : await cancelAsSeller(id).expect(status);
      expect(answer.body).toMatchObject({ success: status === 200, message });

      const after = await stateOf(id);
      if (status !== 200 || stage === 'cancelled') {
        // Refused, or the same cancel again: nothing changes, not even the history.
        expect(after).toEqual(before);
        expect(await history(id)).toHaveLength(lines);
        return;
      }
      expect(after).toMatchObject({
        status: 'Cancelled',
        cancelledBy: who === 'shopper' ? 'user' : 'seller',
        cancelReason: who === 'shopper' ? null : 'Out of delivery range',
      });
      expect(after.cancelledAt).toBeInstanceOf(Date);
      expect((await history(id)).at(-1)).toMatchObject({
        type: 'cancelled',
        by: { role: who === 'shopper' ? 'user' : 'seller' },
        fromStatus: before.status,
        toStatus: 'Cancelled',
        note: who === 'shopper' ? null : 'Out of delivery range',
      });
    });
  });

  test('the shopper cancels before pickup: their screen, the counter and the agents hear it, and the agent holds it no more', async () => {
    const { id, shopper, agent } = await orderAt('accepted');
    const other = await signInAgent(app, 'Sunil');
    const shopSocket = await live('shop', shopper.http);
    const sellerSocket = await live('seller', seller);
    const agentSocket = await live('agents', agent!.http);
    const otherSocket = await live('agents', other.http);

    const answer = cancelOrderAnswerSchema.parse(
      (await cancelAsShopper(shopper.http, id).expect(200)).body,
    );
    expect(answer.order).toMatchObject({ _id: id, status: 'Cancelled', cancelledBy: 'user' });

    const cancelled = (order: { _id: string; status: string }) =>
      order._id === id && order.status === 'Cancelled';
    expect(await shopSocket.waitFor('order:updated', cancelled)).toEqual(answer.order);
    await sellerSocket.waitFor('order:updated', cancelled);
    await sellerSocket.waitFor('agents:updated');
    // The agent learns only that it left their list, and why; the pool's other agents nothing.
    expect(await agentSocket.waitFor('order:removed')).toEqual({ _id: id, reason: 'cancelled' });
    expect(otherSocket.about(id)).toEqual([]);
    expect(agentSocket.about(id, 'order:updated')).toEqual([]);

    const visible = agentOrdersAnswerSchema.parse(
      (await agent!.http.get('/api/agents/orders/visible').expect(200)).body,
    ).orders;
    expect(visible.some((order) => order._id === id)).toBe(false);
    await agent!.http
      .put(`/api/agents/status/${id}`)
      .send({ status: 'Picked' })
      .expect(404, { success: false, message: 'Order not found', code: 'NOT_FOUND' });
  });

  test('an open order cancelled by the seller leaves every agent’s pool', async () => {
    const { id } = await orderAt('placed');
    const agent = await signInAgent(app, 'Sunil');
    const agentSocket = await live('agents', agent.http);
    await cancelAsSeller(id, 'Customer called to cancel').expect(200);
    expect(await agentSocket.waitFor('order:removed', (removal) => removal._id === id)).toEqual({
      _id: id,
      reason: 'cancelled',
    });
  });

  test('cancelling puts the units back, once, and the storefront hears the product again', async () => {
    const product = await createProduct(app.orm.em.fork(), { stockCount: 1 });
    const { id, shopper } = await orderAt('placed', product.id);
    expect(await app.orm.em.fork().findOneOrFail(ProductSchema, { id: product.id })).toMatchObject({
      stockCount: 0,
      inStock: false,
    });
    const storefront = await live('shop', app.agent());

    const tries = await Promise.all([
      cancelAsShopper(shopper.http, id),
      cancelAsShopper(shopper.http, id),
    ]);
    expect(tries.map((answer) => answer.status)).toEqual([200, 200]);
    await cancelAsSeller(id).expect(409, {
      success: false,
      message: 'Order is already cancelled',
      code: 'CONFLICT',
    });

    expect(await app.orm.em.fork().findOneOrFail(ProductSchema, { id: product.id })).toMatchObject({
      stockCount: 1,
      inStock: true,
    });
    await storefront.waitFor(
      'product:updated',
      (each: { _id: string; stockCount: number }) =>
        each._id === product.id && each.stockCount === 1,
    );
    expect(await app.orm.em.fork().count(OrderEventSchema, { order: id, type: 'cancelled' })).toBe(
      1,
    );
  });

  test('units back from a cancelled order lift a count no higher than the most a count may be', async () => {
    const product = await createProduct(app.orm.em.fork(), { stockCount: 3 });
    const { id } = await orderAt('placed', product.id);
    // Counted again meanwhile, to the most a count may be.
    await seller
      .post('/api/product/stock')
      .send({ id: product.id, stockCount: MAX_STOCK_COUNT })
      .expect(200);
    await cancelAsSeller(id).expect(200);
    expect(await app.orm.em.fork().findOneOrFail(ProductSchema, { id: product.id })).toMatchObject({
      stockCount: MAX_STOCK_COUNT,
      inStock: true,
    });
  });

  test('a paid online order cancelled by the seller is refunded once, whatever is retried or redelivered', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    const callback = await payInSandbox(app, placed.order.id);
    await shopper.http.post('/api/order/verify').send(callback).expect(200);
    const shopSocket = await live('shop', shopper.http);

    const answers = await Promise.all([
      cancelAsSeller(placed.orderId, 'Out of stock after all'),
      cancelAsSeller(placed.orderId, 'Out of stock after all'),
      cancelAsSeller(placed.orderId, 'Out of stock after all'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.body.message)).toContain(
      'Order cancelled: the payment will be refunded',
    );
    await app.events.settled();

    // The payment's webhooks come again, and the provider's refund webhook twice.
    const [refund] = await app.orm.em.fork().find(RefundSchema, { order: placed.orderId });
    const captured = webhook('payment.captured', {
      payment: capturedPayment(placed.order.id, callback.razorpay_payment_id, placed.order.amount),
    });
    const refunded = webhook('refund.processed', {
      refund: {
        id: refund?.providerRefundId,
        entity: 'refund',
        payment_id: callback.razorpay_payment_id,
        amount: placed.order.amount,
        currency: 'INR',
        status: 'processed',
        receipt: refund?.id,
      },
    });
    for (const hook of [captured, refunded, refunded]) await hook.send(app).expect(200);
    await cancelAsSeller(placed.orderId, 'Out of stock after all').expect(200);
    await cancelAsSeller(placed.orderId, 'Another reason').expect(409);
    await app.events.settled();

    expect(await app.orm.em.fork().find(RefundSchema, { order: placed.orderId })).toMatchObject([
      {
        status: 'processed',
        amountPaise: placed.order.amount,
        reason: 'cancelled by the shop: Out of stock after all',
      },
    ]);
    expect(
      await app.orm.em.fork().count(SandboxRefundSchema, { payment: callback.razorpay_payment_id }),
    ).toBe(1);
    expect(
      await app.orm.em.fork().count(OrderEventSchema, { order: placed.orderId, type: 'refunded' }),
    ).toBe(1);

    const expected = {
      _id: placed.orderId,
      status: 'Cancelled',
      isPaid: true,
      cancelReason: 'Out of stock after all',
      refund: { amount: placed.order.amount / 100, status: 'processed' },
    };
    const mine = userOrdersAnswerSchema
      .parse((await shopper.http.get('/api/order/user').expect(200)).body)
      .orders.find((order) => order._id === placed.orderId);
    expect(mine).toMatchObject(expected);
    await shopSocket.waitFor(
      'order:updated',
      (order: { _id: string; refund: { status: string } | null }) =>
        order._id === placed.orderId && order.refund?.status === 'processed',
    );
  });

  test('an online order awaiting payment is the shopper’s to cancel; a payment made after is refunded', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    await cancelAsSeller(placed.orderId).expect(404, {
      success: false,
      message: 'Order not found',
      code: 'NOT_FOUND',
    });
    const answer = cancelOrderAnswerSchema.parse(
      (await cancelAsShopper(shopper.http, placed.orderId).expect(200)).body,
    );
    expect(answer).toMatchObject({
      message: 'Order cancelled',
      order: { status: 'Cancelled', cancelledBy: 'user', isPaid: false, refund: null },
    });

    const callback = await payInSandbox(app, placed.order.id);
    await shopper.http.post('/api/order/verify').send(callback).expect(409);
    await app.events.settled();
    expect(await app.orm.em.fork().find(RefundSchema, { order: placed.orderId })).toMatchObject([
      { status: 'processed', amountPaise: placed.order.amount },
    ]);
  });

  test('a picked order paid in cash is cancelled with a note to give the cash back', async () => {
    const { id, agent } = await orderAt('picked');
    await agent!.http.put(`/api/agents/mark-paid/${id}`).expect(200);
    const answer = sellerOrderAnswerSchema.parse(
      (await cancelAsSeller(id, 'Shopper not at home').expect(200)).body,
    );
    expect(answer).toMatchObject({
      message: 'Order cancelled',
      order: { status: 'Cancelled', isPaid: true, paidVia: 'cash', refund: null },
    });
    expect((await history(id)).at(-1)?.note).toMatch(
      /^₹\d+\.\d\d was paid in cash: give it back by hand; Shopper not at home$/,
    );
  });

  test('nobody cancels another’s order: 404 for another shopper, 401 for anyone not signed in as the caller the route is for', async () => {
    const { id, shopper } = await orderAt('placed');
    const stranger = await signUpShopper(app);
    const agent = await signInAgent(app, 'Sunil');
    await cancelAsShopper(stranger.http, id).expect(404, {
      success: false,
      message: 'Order not found',
      code: 'NOT_FOUND',
    });
    for (const http of [app.agent(), seller, agent.http])
      await cancelAsShopper(http, id).expect(401);
    for (const http of [app.agent(), shopper.http, agent.http]) {
      await http.post('/api/order/seller/cancel').send({ orderId: id, reason: 'no' }).expect(401);
    }
    expect((await stored(id)).status).toBe('Order Placed');
  });

  test.each([
    [{}, 'orderId must be a valid id'],
    [{ orderId: 'abc' }, 'orderId must be a valid id'],
    [{ orderId: '01890a5d-ac96-774b-bcce-b302099a8057' }, 'reason is required'],
    [{ orderId: '01890a5d-ac96-774b-bcce-b302099a8057', reason: '   ' }, 'reason is required'],
    [
      { orderId: '01890a5d-ac96-774b-bcce-b302099a8057', reason: 'x'.repeat(201) },
      'reason must be at most 200 characters',
    ],
    [
      { orderId: '01890a5d-ac96-774b-bcce-b302099a8057', reason: 'late\u202E' },
      'reason must not contain text-direction control characters',
    ],
    [
      { orderId: '01890a5d-ac96-774b-bcce-b302099a8057', reason: 'late\tfor pickup' },
      'reason must not contain control characters (such as a tab or a line break)',
    ],
  ])('the seller’s %j is a 400 naming what is wrong', async (body, message) => {
    await seller
      .post('/api/order/seller/cancel')
      .send(body)
      .expect(400, { success: false, message, code: 'INVALID' });
  });

  test('an unknown order is a 404 for both', async () => {
    const shopper = await signUpShopper(app);
    const unknown = '01890a5d-ac96-774b-bcce-b302099a8057';
    await cancelAsShopper(shopper.http, unknown).expect(404);
    await cancelAsSeller(unknown).expect(404, {
      success: false,
      message: 'Order not found',
      code: 'NOT_FOUND',
    });
    await cancelAsShopper(shopper.http, 'not-an-id').expect(400, {
      success: false,
      message: 'orderId must be a valid id',
      code: 'INVALID',
    });
  });
});
