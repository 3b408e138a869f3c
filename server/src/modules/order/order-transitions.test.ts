import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DELIVERY_PIN_TRIES, type OrderEventType } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import type { DomainEvent, OrderChange } from '../../lib/domain-events.js';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import {
  deliveryPinOf,
  placeCodOrder,
  sampleAddress,
  signInAgent,
  signUpShopper,
} from '../../test/factories.js';
import { capturedPayment, payInSandbox, placeOnlineOrder, webhook } from '../../test/payments.js';
import { RefundSchema } from '../payment/payment.entity.js';
import { expireUnpaidOrder } from '../payment/expiry.js';
import { OrderEventSchema, OrderSchema } from './order.entity.js';
import { changeOrders, type OrderChanges } from './order-transitions.js';
import { offerUnacceptedAgain } from './unaccepted-alerts.js';

describe('every change of an order goes through the one transition function', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  const linesOf = (orderId: string) =>
    app.orm.em.fork().find(OrderEventSchema, { order: orderId }, { orderBy: { id: 'asc' } });

  /**
   * Runs `act` and expects exactly the new history lines of `changes` (type and change) on the
   * order, each with an `order.changed` event of its change that names that very line
   * (order-transitions.ts makes both, and nothing else can: the event carries the line's id).
   */
  async function expectTransitions(
    orderId: string,
    changes: [OrderEventType, OrderChange][],
    act: () => Promise<unknown>,
  ) {
    const seen: DomainEvent[] = [];
    const stop = app.events.subscribe((event) => {
      seen.push(event);
    });
    const before = new Set((await linesOf(orderId)).map((line) => line.id));
    try {
      await act();
      await app.events.settled();
    } finally {
      stop();
    }
    const added = (await linesOf(orderId)).filter((line) => !before.has(line.id));
    expect(added.map((line) => line.type)).toEqual(changes.map(([type]) => type));
    changes.forEach(([, change], index) => {
      expect(seen).toContainEqual({
        type: 'order.changed',
        orderId,
        change,
        historyId: added[index]!.id,
        // As the transaction left it: announced with the order it changed.
        order: expect.objectContaining({ id: orderId }),
      });
    });
  }

  const expectTransition = (
    orderId: string,
    type: OrderEventType,
    change: OrderChange,
    act: () => Promise<unknown>,
  ) => expectTransitions(orderId, [[type, change]], act);

  test('an agent accepts, picks, is paid in cash, gets the PIN wrong until locked, the seller unlocks, and it is delivered', async () => {
    const shopper = await signUpShopper(app);
    const { http: agent } = await signInAgent(app);
    const orderId = await placeCodOrder(app, shopper);
    const pin = await deliveryPinOf(app, orderId);
    const deliver = (entered: string) =>
      agent.put(`/api/agents/status/${orderId}`).send({ status: 'Delivered', pin: entered });

    await expectTransition(orderId, 'accepted', 'accepted', () =>
      agent.post('/api/agents/accept').send({ orderId }).expect(200),
    );
    await expectTransition(orderId, 'status', 'status', () =>
      agent.put(`/api/agents/status/${orderId}`).send({ status: 'Picked' }).expect(200),
    );
    await expectTransition(orderId, 'paid', 'paid', () =>
      agent.put(`/api/agents/mark-paid/${orderId}`).expect(200),
    );
    const wrong = pin === '0000' ? '1111' : '0000';
    for (let tries = 1; tries < DELIVERY_PIN_TRIES; tries += 1) {
      await expectTransition(orderId, 'pin-wrong', 'pin', () => deliver(wrong).expect(400));
    }
    await expectTransition(orderId, 'pin-locked', 'pin', () => deliver(wrong).expect(429));
    await expectTransition(orderId, 'pin-unlocked', 'pin', () =>
      seller.post('/api/order/seller/unlock-pin').send({ orderId }).expect(200),
    );
    await expectTransition(orderId, 'status', 'status', () => deliver(pin ?? '').expect(200));
    expect((await linesOf(orderId)).at(-1)).toMatchObject({
      fromStatus: 'Picked',
      toStatus: 'Delivered',
      actorRole: 'agent',
    });
  });

  test('the seller takes an order back, assigns it, its agent is removed, nobody accepts it, and its shopper cancels', async () => {
    const shopper = await signUpShopper(app);
    const first = await signInAgent(app, 'Asha Patil');
    const second = await signInAgent(app, 'Vijay Rao');
    const orderId = await placeCodOrder(app, shopper);
    await first.http.post('/api/agents/accept').send({ orderId }).expect(200);

    await expectTransition(orderId, 'released', 'released', () =>
      seller.post('/api/order/seller/release').send({ orderId }).expect(200),
    );
    await expectTransition(orderId, 'assigned', 'assigned', () =>
      seller
        .post('/api/order/seller/assign')
        .send({ orderId, agentId: second.agent.id })
        .expect(200),
    );
    await expectTransition(orderId, 'released', 'released', () =>
      seller.delete(`/api/agents/${second.agent.id}`).expect(200),
    );
    const later = new Date(Date.now() + 60 * 60_000);
    await expectTransition(orderId, 'unaccepted', 'unaccepted', () =>
      offerUnacceptedAgain(app.orm.em.fork(), app.events, 5, later),
    );
    await expectTransition(orderId, 'cancelled', 'cancelled', () =>
      shopper.http.post('/api/order/cancel').send({ orderId }).expect(200),
    );
    expect((await linesOf(orderId)).at(-1)).toMatchObject({
      fromStatus: 'Order Placed',
      toStatus: 'Cancelled',
      actorRole: 'user',
    });
  });

  test('an online order is paid, cancelled by the seller and refunded; another expires unpaid', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    const orderId = placed.orderId;
    const callback = await payInSandbox(app, placed.order.id);
    await expectTransition(orderId, 'paid', 'paid', () =>
      shopper.http.post('/api/order/verify').send(callback).expect(200),
    );
    // The payments processor asks the sandbox for the refund at once, which pays it out.
    await expectTransitions(
      orderId,
      [
        ['cancelled', 'cancelled'],
        ['refunded', 'refunded'],
      ],
      () =>
        seller
          .post('/api/order/seller/cancel')
          .send({ orderId, reason: 'Shop closing' })
          .expect(200),
    );
    const [refund] = await app.orm.em.fork().find(RefundSchema, { order: orderId });
    expect(refund).toMatchObject({ status: 'processed' });
    // A payment after the cancellation is refunded too; the order's state stays.
    const late = webhook('payment.captured', {
      payment: capturedPayment(placed.order.id, 'pay_late0000000001', placed.order.amount),
    });
    await late.send(app).expect(200);
    expect((await app.orm.em.fork().findOneOrFail(OrderSchema, { id: orderId })).status).toBe(
      'Cancelled',
    );

    const unpaid = await placeOnlineOrder(app, shopper);
    await app.orm.em
      .fork()
      .nativeUpdate(OrderSchema, { id: unpaid.orderId }, { expiresAt: new Date(Date.now() - 1) });
    await expectTransition(unpaid.orderId, 'expired', 'expired', () =>
      expireUnpaidOrder(app.orm.em.fork(), app.payments, unpaid.orderId),
    );
  });

  test('a change that rolls back announces nothing; one that commits announces the order as it left it', async () => {
    const orderId = await placeCodOrder(app, await signUpShopper(app));
    await app.events.settled();
    const seen: DomainEvent[] = [];
    const stop = app.events.subscribe((event) => {
      seen.push(event);
    });
    const cancel = (changes: OrderChanges) =>
      changes.moveWhere(
        orderId,
        { status: 'Order Placed' },
        { status: 'Cancelled', cancelReason: 'test' },
        { type: 'cancelled', actor: { role: 'seller' }, from: 'Order Placed', to: 'Cancelled' },
      );
    try {
      const refused = changeOrders(app.orm.em.fork(), app.events, async (changes) => {
        await cancel(changes);
        throw new Error('refused after the change');
      });
      await expect(refused).rejects.toThrow('refused after the change');
      await app.events.settled();
      expect(seen).toEqual([]);
      await changeOrders(app.orm.em.fork(), app.events, cancel);
      await app.events.settled();
      expect(seen).toEqual([
        expect.objectContaining({
          type: 'order.changed',
          orderId,
          change: 'cancelled',
          order: expect.objectContaining({ id: orderId, status: 'Cancelled' }),
        }),
      ]);
    } finally {
      stop();
    }
  });

  test('an order without items (imported so) still changes, announced with none', async () => {
    const em = app.orm.em.fork();
    const { id: userId } = await signUpShopper(app);
    const order = em.create(OrderSchema, {
      user: userId,
      address: { addressId: '01890a5d-ac96-774b-bcce-b302099a8057', ...sampleAddress },
      subtotalPaise: 10_000,
      taxPaise: 0,
      amountPaise: 10_000,
      paymentType: 'COD',
    });
    await em.flush();
    const seen: DomainEvent[] = [];
    const stop = app.events.subscribe((event) => {
      seen.push(event);
    });
    try {
      await changeOrders(app.orm.em.fork(), app.events, (changes) =>
        changes.moveWhere(
          order.id,
          { status: 'Order Placed' },
          { cancelReason: 'imported twice' },
          { type: 'cancelled', actor: { role: 'seller' }, from: 'Order Placed', to: 'Cancelled' },
        ),
      );
      await app.events.settled();
    } finally {
      stop();
    }
    expect(seen).toEqual([
      expect.objectContaining({
        type: 'order.changed',
        orderId: order.id,
        order: expect.objectContaining({ status: 'Cancelled', items: [] }),
      }),
    ]);
    expect(await app.orm.em.fork().findOneOrFail(OrderSchema, order.id)).toMatchObject({
      status: 'Cancelled',
    });
  });
});

describe('the orders table', () => {
  const src = path.resolve(import.meta.dirname, '../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory())
        return ['migrations', 'test'].includes(entry.name) ? [] : sources(file);
      return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
    });

  test('is updated by no code outside the order module', () => {
    const writers = sources(src).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return /nativeUpdate\(\s*OrderSchema|updateTable\('orders'\)|update\s+"?orders"?\s+set/i.test(
        text,
      );
    });
    expect(writers.map((file) => path.relative(src, file))).toEqual([
      'modules/order/order-transitions.ts',
    ]);
  });
});
