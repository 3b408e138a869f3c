import { orderHistoryAnswerSchema } from '@kirana/shared';
import { describe, expect, test, vi } from 'vitest';
import type { DomainEvent } from '../../lib/domain-events.js';
import type { Browser } from '../../test/app.js';
import { useTestAppOfItsOwn, useSeller } from '../../test/fixtures.js';
import { copiesOfOrder, placeCodOrder, signInAgent, signUpShopper } from '../../test/factories.js';
import { payInSandbox, placeOnlineOrder } from '../../test/payments.js';
import { connect, listen } from '../../test/sockets.js';
import { OrderSchema } from './order.entity.js';
import { offerUnacceptedAgain, REOFFER_BATCH } from './unaccepted-alerts.js';

const MINUTES = 5;
const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe('the unaccepted alert, on a clock of its own', () => {
  // A database of its own: the round looks at every open order there is.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  /** One round of the alert as if the clock read `at`. */
  const round = (at: Date) => offerUnacceptedAgain(app.orm.em.fork(), app.events, MINUTES, at);
  const offeredAt = async (id: string) =>
    (await app.orm.em.fork().findOneOrFail(OrderSchema, { id })).offeredAt as Date;
  const live = async (area: 'seller' | 'agents', browser: Browser) =>
    listen(await connect(app.socket(area, browser)));

  test('an order nobody accepts alerts the counter and reaches the agents again after 5 minutes, then every 5 minutes until taken', async () => {
    const id = await placeCodOrder(app, await signUpShopper(app));
    const ravi = await signInAgent(app, 'Ravi');
    const sellerSocket = await live('seller', seller);
    const agentSocket = await live('agents', ravi.http);
    const placed = await offeredAt(id);

    expect(await round(minutesAfter(placed, MINUTES - 0.02))).toEqual([]);
    const first = minutesAfter(placed, MINUTES);
    expect(await round(first)).toEqual([id]);
    expect(await offeredAt(id)).toEqual(first);
    const alerted = (order: { _id: string }) => order._id === id;
    const atCounter = await sellerSocket.waitFor('order:unaccepted', alerted);
    expect(atCounter).toMatchObject({ _id: id, status: 'Order Placed', assignedTo: null });
    await agentSocket.waitFor('order:unaccepted', alerted);

    // Once per 5 minutes, not every round.
    expect(await round(minutesAfter(first, 1))).toEqual([]);
    expect(await round(minutesAfter(first, MINUTES))).toEqual([id]);

    const history = orderHistoryAnswerSchema.parse(
      (await seller.get(`/api/order/${id}/history`).expect(200)).body,
    ).events;
    expect(history.filter((event) => event.type === 'unaccepted')).toMatchObject([
      { by: { role: 'system' }, note: 'no agent accepted it in 5 min' },
      { by: { role: 'system' }, note: 'no agent accepted it in 5 min' },
    ]);

    // Accepted, it alerts no more.
    await ravi.http.post('/api/agents/accept').send({ orderId: id }).expect(200);
    expect(await round(minutesAfter(first, 60))).toEqual([]);
  });

  test('the clock starts when the order is offered: paid online, or taken back from an agent', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    // Unpaid, it is not the shop's yet: no alert however long it waits.
    expect(await round(minutesAfter(new Date(), 60))).not.toContain(placed.orderId);
    await shopper.http
      .post('/api/order/verify')
      .send(await payInSandbox(app, placed.order.id))
      .expect(200);
    const paid = await offeredAt(placed.orderId);
    expect(await round(minutesAfter(paid, MINUTES - 0.02))).toEqual([]);

    const ravi = await signInAgent(app, 'Ravi');
    await ravi.http.post('/api/agents/accept').send({ orderId: placed.orderId }).expect(200);
    expect(await round(minutesAfter(paid, 30))).toEqual([]);
    await seller.post('/api/order/seller/release').send({ orderId: placed.orderId }).expect(200);
    const released = await offeredAt(placed.orderId);
    expect(released.getTime()).toBeGreaterThan(paid.getTime());
    expect(await round(minutesAfter(released, MINUTES - 0.02))).toEqual([]);
    expect(await round(minutesAfter(released, MINUTES))).toEqual([placed.orderId]);
  });

  test('two instances’ rounds at once alert an order once', async () => {
    const id = await placeCodOrder(app, await signUpShopper(app));
    const at = minutesAfter(await offeredAt(id), MINUTES);
    const [one, other] = await Promise.all([round(at), round(at)]);
    expect([...one, ...other].filter((each) => each === id)).toEqual([id]);
    await signInAgent(app, 'Ravi').then((ravi) =>
      ravi.http.post('/api/agents/accept').send({ orderId: id }).expect(200),
    );
  });

  test('a cancelled or assigned order never alerts', async () => {
    const cancelled = await placeCodOrder(app, await signUpShopper(app));
    await seller
      .post('/api/order/seller/cancel')
      .send({ orderId: cancelled, reason: 'Closed today' })
      .expect(200);
    const assigned = await placeCodOrder(app, await signUpShopper(app));
    const ravi = await signInAgent(app, 'Ravi');
    await seller
      .post('/api/order/seller/assign')
      .send({ orderId: assigned, agentId: ravi.agent.id })
      .expect(200);
    const found = await round(minutesAfter(new Date(), 24 * 60));
    expect(found).not.toContain(cancelled);
    expect(found).not.toContain(assigned);
  });

  test('a backlog of more than a batch is offered a batch at a time, each order once, and the round is announced once', async () => {
    const id = await placeCodOrder(app, await signUpShopper(app));
    const placed = await offeredAt(id);
    const backlog = [id, ...(await copiesOfOrder(app, id, 2 * REOFFER_BATCH, placed))];
    const heard: DomainEvent[] = [];
    const unsubscribe = app.events.subscribe((event) => void heard.push(event));
    const em = app.orm.em.fork();
    const forks = vi.spyOn(em, 'fork');

    const offered = await offerUnacceptedAgain(
      em,
      app.events,
      MINUTES,
      minutesAfter(placed, MINUTES),
    );
    unsubscribe();
    expect(offered.toSorted()).toEqual(backlog.toSorted());
    // 200, 200, then the last one: three transactions, none holding the whole backlog.
    expect(forks).toHaveBeenCalledTimes(3);
    const unaccepted = heard.flatMap((event) =>
      event.type === 'order.changed' && event.change === 'unaccepted' ? [event.orderId] : [],
    );
    expect(unaccepted.toSorted()).toEqual(backlog.toSorted());
    expect(heard.filter((event) => event.type === 'orders.reoffered')).toHaveLength(1);
    // Nobody's backlog for the next tests.
    await em.nativeUpdate(OrderSchema, { id: { $in: backlog } }, { status: 'Cancelled' });
  });
});
