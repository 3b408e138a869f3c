import { randomUUID } from 'node:crypto';
import { orderNumber, shopTimeLabel, type PushAlert } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { placeCodOrder, signInAgent, signUpShopper } from '../../test/factories.js';
import { placeOnlineOrder } from '../../test/payments.js';
import { phoneSubscription, spoiltSubscriptions, usePushStore } from '../../test/push-service.js';
import { useSeller } from '../../test/fixtures.js';
import { OrderSchema } from '../order/order.entity.js';
import { expireUnpaidOrder } from '../payment/expiry.js';
import { alertTopic } from './push-alert.js';
import { PushSubscriptionSchema } from './push-subscription.entity.js';
import { MAX_SUBSCRIPTIONS } from './push.service.js';
import { UPDATE_TTL_SECONDS } from './push.processor.js';

type Shopper = Awaited<ReturnType<typeof signUpShopper>>;

describe('Web Push of their orders’ changes to shoppers’ browsers', () => {
  const { app, service } = usePushStore({ deliveryPin: false });
  const seller = useSeller(app);

  const messagesTo = (path: string) => service.delivered.filter((each) => each.path === path);
  const subscriptionsOf = (userId: string) =>
    app.orm.em.fork().count(PushSubscriptionSchema, { user: userId });

  /** A signed-up shopper whose browser turned notifications on. */
  async function subscribedShopper(kind: 'ok' | 'gone' = 'ok') {
    const shopper = await signUpShopper(app);
    const browser = phoneSubscription(service, kind);
    await shopper.http
      .post('/api/user/push/subscribe')
      .send({ ...browser.body, expirationTime: null })
      .expect(200, { success: true });
    /** What the browser was told, decrypted, oldest first. */
    const told = () => messagesTo(browser.path).map((each) => browser.open(each));
    return { ...shopper, browser, told };
  }

  async function placedOrder(shopper: Shopper): Promise<string> {
    const orderId = await placeCodOrder(app, shopper);
    await app.events.settled();
    return orderId;
  }

  /** Sends `request` and waits until every message it caused has been sent. */
  async function settled(request: PromiseLike<unknown>): Promise<void> {
    await request;
    await app.events.settled();
  }

  /**
   * A message's body that tells when order `orderId` arrives, on the shop's clock as it read at
   * some moment since `since`: 'tomorrow' is as of when the message was written, and the shop's
   * midnight may pass while a test runs (CI meets it at any hour).
   */
  const promised = async (orderId: string, since: Date, after: string) => {
    const { promisedAt } = await app.orm.em.fork().findOneOrFail(OrderSchema, { id: orderId });
    return expect.toBeOneOf(
      [since, new Date()].map(
        (now) => `Arrives by ${shopTimeLabel(promisedAt!, 'Asia/Kolkata', now)} · ${after}`,
      ),
    );
  };

  test('an agent accepting the order tells its shopper who brings it and by when (the shop’s time), a normal message of an hour under the order’s topic; a tap opens My Orders', async () => {
    const shopper = await subscribedShopper();
    const orderId = await placedOrder(shopper);
    // Placing it is no news for its shopper.
    expect(shopper.told()).toEqual([]);
    const meena = await signInAgent(app, 'Meena');
    const since = new Date();
    await settled(meena.http.post('/api/agents/accept').send({ orderId }).expect(200));

    const [message, ...more] = messagesTo(shopper.browser.path);
    expect(more).toEqual([]);
    expect(message!.headers).toMatchObject({
      ttl: String(UPDATE_TTL_SECONDS),
      urgency: 'normal',
      topic: alertTopic(orderId),
      'content-encoding': 'aes128gcm',
    });
    expect(shopper.browser.open(message!)).toEqual({
      title: 'Meena is bringing your order',
      body: await promised(orderId, since, `Order #${orderNumber(orderId)}`),
      tag: orderId,
      url: '/my-orders',
    } satisfies PushAlert);
  });

  test('picked and delivered follow, each about the order; cash marked paid on the way is no news', async () => {
    const shopper = await subscribedShopper();
    const orderId = await placedOrder(shopper);
    const agent = await signInAgent(app, 'Ravi');
    const since = new Date();
    await settled(agent.http.post('/api/agents/accept').send({ orderId }).expect(200));
    await settled(
      agent.http.put(`/api/agents/status/${orderId}`).send({ status: 'Picked' }).expect(200),
    );
    await settled(agent.http.put(`/api/agents/mark-paid/${orderId}`).expect(200));
    await settled(
      agent.http.put(`/api/agents/status/${orderId}`).send({ status: 'Delivered' }).expect(200),
    );
    const number = `Order #${orderNumber(orderId)}`;
    expect(shopper.told().map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'Ravi is bringing your order', body: await promised(orderId, since, number) },
      { title: 'Your order is on its way', body: await promised(orderId, since, number) },
      { title: 'Delivered', body: `${number} · Thank you for shopping with us` },
    ]);
    expect(new Set(shopper.told().map((alert) => alert.tag))).toEqual(new Set([orderId]));
  });

  test('the seller giving the order to an agent tells the shopper as an acceptance does', async () => {
    const shopper = await subscribedShopper();
    const orderId = await placedOrder(shopper);
    const { agent } = await signInAgent(app, 'Farida');
    await settled(
      seller.post('/api/order/seller/assign').send({ orderId, agentId: agent.id }).expect(200),
    );
    expect(shopper.told()).toMatchObject([{ title: 'Farida is bringing your order' }]);
  });

  test('a cancellation by the shop says why; the shopper’s own says nothing', async () => {
    const shopper = await subscribedShopper();
    const byShop = await placedOrder(shopper);
    await settled(
      seller
        .post('/api/order/seller/cancel')
        .send({ orderId: byShop, reason: 'out of stock today' })
        .expect(200),
    );
    const own = await placedOrder(shopper);
    await settled(shopper.http.post('/api/order/cancel').send({ orderId: own }).expect(200));
    expect(shopper.told()).toEqual([
      {
        title: 'Your order was cancelled',
        body: `Out of stock today · Order #${orderNumber(byShop)}`,
        tag: byShop,
        url: '/my-orders',
      },
    ]);
  });

  test('an online order left unpaid is cancelled by the shop’s clock: the shopper is told so', async () => {
    const shopper = await subscribedShopper();
    const { orderId } = await placeOnlineOrder(app, shopper);
    await app.orm.em
      .fork()
      .nativeUpdate(OrderSchema, { id: orderId }, { expiresAt: new Date(Date.now() - 1000) });
    await settled(expireUnpaidOrder(app.orm.em.fork(), app.payments, orderId));
    expect(shopper.told()).toMatchObject([
      {
        title: 'Your order was cancelled',
        body: `Payment not completed · Order #${orderNumber(orderId)}`,
      },
    ]);
  });

  test('a shopper hears only of their own orders, never of another’s', async () => {
    const owner = await subscribedShopper();
    const other = await subscribedShopper();
    const orderId = await placedOrder(owner);
    const agent = await signInAgent(app, 'Suresh');
    await settled(agent.http.post('/api/agents/accept').send({ orderId }).expect(200));
    await settled(
      seller.post('/api/order/seller/cancel').send({ orderId, reason: 'shop closing' }).expect(200),
    );
    expect(owner.told().map((alert) => alert.title)).toEqual([
      'Suresh is bringing your order',
      'Your order was cancelled',
    ]);
    expect(other.told()).toEqual([]);
    // Nor is an agent's phone told of it as a shopper would be.
    const phone = phoneSubscription(service);
    await agent.http.post('/api/agents/push/subscribe').send(phone.body).expect(200);
    const next = await placedOrder(owner);
    await settled(agent.http.post('/api/agents/accept').send({ orderId: next }).expect(200));
    expect(messagesTo(phone.path).map((each) => phone.open(each).title)).toEqual([
      `New order #${orderNumber(next)}`,
    ]);
  });

  test('a logout ends the browser’s notifications with its session; a new login subscribes again', async () => {
    const shopper = await subscribedShopper();
    await shopper.http.post('/api/user/logout').expect(200);
    expect(await subscriptionsOf(shopper.id)).toBe(0);

    // Signed in again, the storefront tells the server of the browser's subscription again.
    await shopper.http
      .post('/api/user/login')
      .send({ email: shopper.email, password: shopper.password })
      .expect(200);
    await shopper.http.post('/api/user/push/subscribe').send(shopper.browser.body).expect(200);
    const orderId = await placedOrder(shopper);
    const agent = await signInAgent(app, 'Lata');
    await settled(agent.http.post('/api/agents/accept').send({ orderId }).expect(200));
    expect(shopper.told().map((alert) => alert.tag)).toEqual([orderId]);
  });

  test('another account signing in on the browser ends the first one’s notifications there', async () => {
    const first = await subscribedShopper();
    await first.http.post('/api/user/register').send({
      name: 'Second Shopper',
      email: `second-${randomUUID()}@example.com`,
      password: 'correct-horse-battery',
    });
    expect(await subscriptionsOf(first.id)).toBe(0);
  });

  test('a browser whose push service answers 410 Gone is forgotten', async () => {
    const shopper = await subscribedShopper('gone');
    const orderId = await placedOrder(shopper);
    const agent = await signInAgent(app, 'Gita');
    await settled(agent.http.post('/api/agents/accept').send({ orderId }).expect(200));
    expect(messagesTo(shopper.browser.path)).toHaveLength(1);
    expect(await subscriptionsOf(shopper.id)).toBe(0);
  });

  test('unsubscribing forgets only one’s own browser, again is no error; the newest few browsers are kept', async () => {
    const owner = await subscribedShopper();
    const other = await signUpShopper(app);
    const { endpoint } = owner.browser.body;
    await other.http.post('/api/user/push/unsubscribe').send({ endpoint }).expect(200);
    expect(await subscriptionsOf(owner.id)).toBe(1);
    await owner.http
      .post('/api/user/push/unsubscribe')
      .send({ endpoint })
      .expect(200, { success: true });
    expect(await subscriptionsOf(owner.id)).toBe(0);
    await owner.http.post('/api/user/push/unsubscribe').send({ endpoint }).expect(200);

    for (let each = 0; each < MAX_SUBSCRIPTIONS + 2; each += 1)
      await other.http
        .post('/api/user/push/subscribe')
        .send(phoneSubscription(service).body)
        .expect(200);
    expect(await subscriptionsOf(other.id)).toBe(MAX_SUBSCRIPTIONS);
  });

  test('another account’s browser is not taken over with other keys (409), nor an agent’s phone', async () => {
    const owner = await subscribedShopper();
    const thief = await signUpShopper(app);
    const theirs = phoneSubscription(service).body;
    await thief.http
      .post('/api/user/push/subscribe')
      .send({ ...theirs, endpoint: owner.browser.body.endpoint })
      .expect(409, {
        success: false,
        message:
          'This browser’s notifications belong to another account: turn them off there first',
        code: 'CONFLICT',
      });
    expect(await subscriptionsOf(owner.id)).toBe(1);

    const agent = await signInAgent(app, 'Nikhil');
    const phone = phoneSubscription(service);
    await agent.http.post('/api/agents/push/subscribe').send(phone.body).expect(200);
    await thief.http
      .post('/api/user/push/subscribe')
      .send({ ...theirs, endpoint: phone.body.endpoint })
      .expect(409);
    expect(await app.orm.em.fork().count(PushSubscriptionSchema, { agent: agent.agent.id })).toBe(
      1,
    );
  });

  test('a bad subscription is a 400 naming the field, and none is kept', async () => {
    const shopper = await signUpShopper(app);
    const valid = phoneSubscription(service).body;
    const refused = (body: object, message: string) =>
      shopper.http
        .post('/api/user/push/subscribe')
        .send(body)
        .expect(400, { success: false, message, code: 'INVALID' });
    for (const [body, message] of spoiltSubscriptions(valid)) await refused(body, message);
    await shopper.http
      .post('/api/user/push/unsubscribe')
      .send({})
      .expect(400, { success: false, message: 'endpoint is required', code: 'INVALID' });
    expect(await subscriptionsOf(shopper.id)).toBe(0);
  });

  test('without a shopper’s session each route is a 401: not for nobody, an agent or the seller', async () => {
    const agent = await signInAgent(app, 'Om');
    const body = phoneSubscription(service).body;
    for (const browser of [app.agent(), agent.http, seller]) {
      await browser.post('/api/user/push/subscribe').send(body).expect(401, {
        success: false,
        message: 'Please log in to continue',
        code: 'UNAUTHENTICATED',
      });
      await browser
        .post('/api/user/push/unsubscribe')
        .send({ endpoint: body.endpoint })
        .expect(401);
    }
    expect(await app.orm.em.fork().count(PushSubscriptionSchema, { endpoint: body.endpoint })).toBe(
      0,
    );
  });
});
