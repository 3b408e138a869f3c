import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { orderNumber, pushKeyAnswerSchema } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { createProduct, placeCodOrder, signInAgent, signUpShopper } from '../../test/factories.js';
import { payInSandbox, placeOnlineOrder } from '../../test/payments.js';
import { phoneSubscription, spoiltSubscriptions, usePushStore } from '../../test/push-service.js';
import { useSeller } from '../../test/fixtures.js';
import { AgentSchema } from '../agent/agent.entity.js';
import { countOpenPoolOrders } from '../order/order-queries.js';
import { readListedOrders } from '../order/order-reads.js';
import { offerUnacceptedAgain } from '../order/unaccepted-alerts.js';
import { alertTopic, BACKLOG_TAG, backlogAlert } from './push-alert.js';
import { PushSubscriptionSchema } from './push-subscription.entity.js';
import { MAX_SUBSCRIPTIONS } from './push.service.js';

/** The claims of a VAPID Authorization header, its signature checked against `publicKey`. */
function vapidClaims(authorization: string, publicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, token = '', k] = match!;
  expect(k).toBe(publicKey);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [header = '', payload = '', signature = ''] = token.split('.');
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed, 'the VAPID token is signed with the key the phone subscribed with').toBe(true);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
}

describe('Web Push alerts of new orders on the agents’ phones', () => {
  const { app, service } = usePushStore();
  const seller = useSeller(app);

  /** Places a COD order and waits until every alert about it has been sent. */
  async function newCodOrder(): Promise<string> {
    const orderId = await placeCodOrder(app, await signUpShopper(app));
    await app.events.settled();
    return orderId;
  }
  const messagesTo = (path: string) => service.delivered.filter((each) => each.path === path);
  const subscriptionsOf = (agentId: string) =>
    app.orm.em.fork().count(PushSubscriptionSchema, { agent: agentId });

  /** A signed-in agent whose phone has subscribed (in `locale`, when given). */
  async function subscribedAgent(
    name: string,
    kind: 'ok' | 'gone' | 'broken' = 'ok',
    locale?: 'en' | 'hi',
  ) {
    const agent = await signInAgent(app, name);
    const phone = phoneSubscription(service, kind);
    await agent.http
      .post('/api/agents/push/subscribe')
      .send({ ...phone.body, ...(locale && { locale }) })
      .expect(200, { success: true });
    return { ...agent, phone };
  }

  test('a new COD order reaches an on-duty agent’s phone as an urgent, 15-minute, VAPID-signed message whose decrypted body is the alert', async () => {
    const agent = await subscribedAgent('Ravi');
    const { publicKey } = pushKeyAnswerSchema.parse(
      (await agent.http.get('/api/agents/push/key').expect(200)).body,
    );
    const product = await createProduct(app.orm.em.fork(), {
      pricePaise: 16_000,
      offerPricePaise: 14_450,
    });
    const orderId = await placeCodOrder(app, await signUpShopper(app), product.id);
    await app.events.settled();

    const [message, ...more] = messagesTo(agent.phone.path);
    expect(more).toEqual([]);
    expect(message).toBeDefined();
    expect(message!.headers).toMatchObject({
      ttl: '900',
      urgency: 'high',
      topic: alertTopic(orderId),
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    });
    const claims = vapidClaims(String(message!.headers.authorization), publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe('mailto:tests@kirana.local');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
    // 144.50 + 2 % tax (2.89) for one item, to sampleAddress's area; nobody's name or street.
    expect(agent.phone.open(message!)).toEqual({
      title: `New order #${orderNumber(orderId)}`,
      body: '₹147.39 · 1 item · Bengaluru 560001',
      tag: orderId,
      url: `/agents?order=${orderId}`,
    });
  });

  test('the alert is written in the language the phone subscribed in, kept when renewed without one', async () => {
    const agent = await subscribedAgent('Sunita', 'ok', 'hi');
    // The service worker renewing a subscription says no language.
    await agent.http.post('/api/agents/push/subscribe').send(agent.phone.body).expect(200);
    const orderId = await newCodOrder();
    const [message] = messagesTo(agent.phone.path);
    expect(agent.phone.open(message!)).toMatchObject({
      title: `नया ऑर्डर #${orderNumber(orderId)}`,
      body: expect.stringMatching(/ · 1 सामान · Bengaluru 560001$/),
    });
  });

  test('only agents on duty are alerted: not one off duty, nor a removed one, whose subscriptions go with them', async () => {
    const onDuty = await subscribedAgent('Imran');
    const offDuty = await subscribedAgent('Kiran');
    const removed = await subscribedAgent('Mohan');
    const em = app.orm.em.fork();
    await em.nativeUpdate(AgentSchema, { id: offDuty.agent.id }, { onDuty: false });
    await seller.delete(`/api/agents/${removed.agent.id}`).expect(200);
    expect(await subscriptionsOf(removed.agent.id)).toBe(0);
    expect(await subscriptionsOf(offDuty.agent.id)).toBe(1);
    // Even a subscription kept for a removed agent (written straight to the table) is not used.
    const stray = phoneSubscription(service);
    em.create(PushSubscriptionSchema, {
      agent: removed.agent.id,
      endpoint: stray.body.endpoint,
      ...stray.body.keys,
    });
    await em.flush();

    const orderId = await newCodOrder();
    expect(messagesTo(onDuty.phone.path).map((each) => onDuty.phone.open(each).tag)).toEqual([
      orderId,
    ]);
    expect(messagesTo(offDuty.phone.path)).toEqual([]);
    expect(messagesTo(removed.phone.path)).toEqual([]);
    expect(messagesTo(stray.path)).toEqual([]);
  });

  test('a phone whose push service answers 410 Gone is forgotten; one that fails otherwise is kept', async () => {
    const gone = await subscribedAgent('Farhan', 'gone');
    const broken = await subscribedAgent('Deepa', 'broken');
    expect(await subscriptionsOf(gone.agent.id)).toBe(1);

    await newCodOrder();
    expect(messagesTo(gone.phone.path)).toHaveLength(1);
    expect(messagesTo(broken.phone.path)).toHaveLength(1);
    expect(await subscriptionsOf(gone.agent.id)).toBe(0);
    expect(await subscriptionsOf(broken.agent.id)).toBe(1);
  });

  test('an order is alerted whenever it opens to the agents: an online one once paid, again when taken back; never while unpaid or once taken', async () => {
    const agent = await subscribedAgent('Lakshmi');
    const tags = () => messagesTo(agent.phone.path).map((each) => agent.phone.open(each).tag);
    const shopper = await signUpShopper(app);
    const online = await placeOnlineOrder(app, shopper);
    await app.events.settled();
    expect(tags()).not.toContain(online.orderId);

    const paid = await payInSandbox(app, online.order.id);
    await shopper.http
      .post('/api/order/verify')
      .send({ ...paid, orderId: online.orderId })
      .expect(200);
    await app.events.settled();
    expect(tags().filter((tag) => tag === online.orderId)).toHaveLength(1);

    await agent.http.post('/api/agents/accept').send({ orderId: online.orderId }).expect(200);
    await app.events.settled();
    expect(tags().filter((tag) => tag === online.orderId)).toHaveLength(1);

    await seller.post('/api/order/seller/release').send({ orderId: online.orderId }).expect(200);
    await app.events.settled();
    const repeats = messagesTo(agent.phone.path).filter(
      (each) => agent.phone.open(each).tag === online.orderId,
    );
    expect(repeats).toHaveLength(2);
    // The same topic: a message still waiting at the push service is replaced, not doubled.
    expect(new Set(repeats.map((each) => each.headers.topic))).toEqual(
      new Set([alertTopic(online.orderId)]),
    );
  });

  test('orders nobody accepted, offered again, are told in one message saying how many wait, under one topic', async () => {
    const agent = await subscribedAgent('Pooja');
    const orderId = await newCodOrder();
    const later = new Date(Date.now() + 10 * 60_000);
    const offered = await offerUnacceptedAgain(app.orm.em.fork(), app.events, 5, later);
    expect(offered).toContain(orderId);
    await app.events.settled();
    const waiting = await countOpenPoolOrders(app.orm.em.fork());
    const [alerted, ...more] = messagesTo(agent.phone.path);
    expect(agent.phone.open(alerted!).tag).toBe(orderId);
    expect(more.map((each) => each.headers.topic)).toEqual([BACKLOG_TAG]);
    // Every open order of this shop's, the earlier tests' too.
    expect(waiting).toBeGreaterThanOrEqual(offered.length);
    expect(agent.phone.open(more[0]!)).toEqual(backlogAlert(waiting));
  });

  test('orders opening together while another’s alert is read are told in one message saying how many wait', async () => {
    const agent = await subscribedAgent('Rekha');
    const ids = [await newCodOrder(), await newCodOrder(), await newCodOrder()];
    const before = messagesTo(agent.phone.path).length;
    // At once: the first is read alone, the two that come meanwhile together.
    const orders = await readListedOrders(app.orm.em.fork(), ids);
    for (const order of orders)
      app.events.publish({ type: 'order.placed', orderId: order.id, order });
    await app.events.settled();
    const burst = messagesTo(agent.phone.path).slice(before);
    const waiting = await countOpenPoolOrders(app.orm.em.fork());
    expect(burst.map((each) => each.headers.topic).toSorted()).toEqual(
      [alertTopic(ids[0]!), BACKLOG_TAG].toSorted(),
    );
    const told = burst.map((each) => agent.phone.open(each));
    expect(told).toContainEqual(backlogAlert(waiting));
  });

  test('a subscription moves to the agent now signed in on the phone; unsubscribing forgets only one’s own', async () => {
    const first = await subscribedAgent('Anil');
    const second = await signInAgent(app, 'Bhavna');
    await second.http.post('/api/agents/push/subscribe').send(first.phone.body).expect(200);
    expect(await subscriptionsOf(first.agent.id)).toBe(0);
    expect(await subscriptionsOf(second.agent.id)).toBe(1);

    const { endpoint } = first.phone.body;
    await first.http.post('/api/agents/push/unsubscribe').send({ endpoint }).expect(200);
    expect(await subscriptionsOf(second.agent.id)).toBe(1);
    await second.http
      .post('/api/agents/push/unsubscribe')
      .send({ endpoint })
      .expect(200, { success: true });
    expect(await subscriptionsOf(second.agent.id)).toBe(0);
    // Again: nothing left to forget is no error.
    await second.http.post('/api/agents/push/unsubscribe').send({ endpoint }).expect(200);
  });

  test('another agent’s endpoint is not taken over with other keys: a 409, and its phone keeps its alerts', async () => {
    const owner = await subscribedAgent('Deepa');
    const thief = await signInAgent(app, 'Eshwar');
    const theirs = phoneSubscription(service).body;
    const stored = () =>
      app.orm.em.fork().findOneOrFail(PushSubscriptionSchema, {
        endpoint: owner.phone.body.endpoint,
      });
    const before = await stored();
    const refusal = {
      success: false,
      message: 'This phone’s alerts belong to another agent: they must turn them off on it first',
      code: 'CONFLICT',
    };

    // Their own keys, or the owner's public key with another secret: neither is that phone.
    for (const keys of [
      theirs.keys,
      { p256dh: owner.phone.body.keys.p256dh, auth: theirs.keys.auth },
    ]) {
      await thief.http
        .post('/api/agents/push/subscribe')
        .send({ ...theirs, endpoint: owner.phone.body.endpoint, keys })
        .expect(409, refusal);
    }
    expect(await stored()).toEqual(before);
    expect(await subscriptionsOf(thief.agent.id)).toBe(0);

    // The owner renews their own subscription with new keys as before.
    const renewed = phoneSubscription(service).body;
    await owner.http
      .post('/api/agents/push/subscribe')
      .send({ ...renewed, endpoint: owner.phone.body.endpoint })
      .expect(200);
    expect(await stored()).toMatchObject({ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
  });

  test('an agent is alerted on their newest few phones only: older subscriptions are dropped', async () => {
    const agent = await signInAgent(app, 'Chitra');
    const phones = Array.from({ length: MAX_SUBSCRIPTIONS + 2 }, () =>
      phoneSubscription(service, 'ok'),
    );
    for (const phone of phones)
      await agent.http.post('/api/agents/push/subscribe').send(phone.body).expect(200);
    expect(await subscriptionsOf(agent.agent.id)).toBe(MAX_SUBSCRIPTIONS);
    const kept = await app.orm.em
      .fork()
      .find(PushSubscriptionSchema, { agent: agent.agent.id }, { fields: ['endpoint'] });
    expect(kept.map((each) => each.endpoint).sort()).toEqual(
      phones
        .slice(-MAX_SUBSCRIPTIONS)
        .map((phone) => phone.body.endpoint)
        .sort(),
    );
  });

  test('a bad subscription is a 400 naming the field, and none is kept', async () => {
    const agent = await signInAgent(app, 'Gopal');
    const valid = phoneSubscription(service).body;
    const refused = async (body: unknown, message: string) =>
      agent.http
        .post('/api/agents/push/subscribe')
        .send(body as object)
        .expect(400, { success: false, message, code: 'INVALID' });

    for (const [body, message] of spoiltSubscriptions(valid)) await refused(body, message);
    await refused(
      { ...valid, endpoint: `https://127.0.0.1.example.com/${randomUUID()}` },
      'endpoint must be the address of a known push service',
    );
    await refused(
      { ...valid, keys: { ...valid.keys, p256dh: 'short' } },
      'keys.p256dh must be a P-256 public key (65 bytes, base64url)',
    );
    await refused({ ...valid, locale: 'fr' }, 'locale must be en or hi');
    await agent.http
      .post('/api/agents/push/unsubscribe')
      .send({})
      .expect(400, { success: false, message: 'endpoint is required', code: 'INVALID' });
    expect(await subscriptionsOf(agent.agent.id)).toBe(0);
  });

  test('without an agent’s session each push route is a 401, but the key, which shoppers subscribe with too', async () => {
    const nobody = app.agent();
    const shopper = await signUpShopper(app);
    const body = phoneSubscription(service).body;
    const { publicKey } = pushKeyAnswerSchema.parse(
      (await shopper.http.get('/api/agents/push/key').expect(200)).body,
    );
    expect(publicKey).toMatch(/^B[\w-]{86}$/);
    for (const browser of [nobody, shopper.http, seller]) {
      if (browser !== shopper.http) await browser.get('/api/agents/push/key').expect(401);
      await browser.post('/api/agents/push/subscribe').send(body).expect(401);
      await browser
        .post('/api/agents/push/unsubscribe')
        .send({ endpoint: body.endpoint })
        .expect(401, { success: false, message: 'Please login as agent', code: 'UNAUTHENTICATED' });
    }
  });
});
