import { pino } from 'pino';
import { describe, expect, test } from 'vitest';
import { placeCodOrder, signInAgent, signUpShopper } from '../../test/factories.js';
import { phoneSubscription, usePushStore } from '../../test/push-service.js';
import { readListedOrders } from '../order/order-reads.js';
import { PushSubscriptionSchema } from './push-subscription.entity.js';
import { FAILURES_TO_SWITCH_OFF, keepDelivery } from './push.service.js';

const SWITCHED_OFF =
  'push: a subscription kept failing and is switched off until its browser subscribes again';

describe('a push subscription that keeps failing is switched off', () => {
  const logged: { level: number; msg: string; subscriptionId?: string }[] = [];

  const { app, service } = usePushStore({
    logger: pino(
      { level: 'warn' },
      { write: (line: string) => void logged.push(JSON.parse(line)) },
    ),
  });

  const stored = (endpoint: string) =>
    app.orm.em.fork().findOneOrFail(PushSubscriptionSchema, { endpoint });

  /** A signed-in agent whose phone has subscribed, on an endpoint of `kind`. */
  async function subscribedAgent(name: string, kind: 'ok' | 'broken') {
    const agent = await signInAgent(app, name);
    const phone = phoneSubscription(service, kind);
    await agent.http.post('/api/agents/push/subscribe').send(phone.body).expect(200);
    return { ...agent, phone };
  }

  test('after failures in a row it is switched off (stored) and logged once, and sent nothing more; subscribing again switches it on', async () => {
    const agent = await subscribedAgent('Ravi', 'broken');
    const orderId = await placeCodOrder(app, await signUpShopper(app));
    await app.events.settled();
    const [order] = await readListedOrders(app.orm.em.fork(), [orderId]);
    const alertAgain = async () => {
      const change = 'released';
      app.events.publish({
        type: 'order.changed',
        orderId,
        change,
        historyId: null,
        order: order!,
      });
      await app.events.settled();
    };
    // The order's own alert failed first.
    for (let failed = 2; failed < FAILURES_TO_SWITCH_OFF; failed += 1) await alertAgain();
    expect(await stored(agent.phone.body.endpoint)).toMatchObject({
      failures: FAILURES_TO_SWITCH_OFF - 1,
      failingSince: expect.any(Date),
      disabledAt: null,
    });
    await alertAgain();
    const switchedOff = await stored(agent.phone.body.endpoint);
    expect(switchedOff.disabledAt).toBeInstanceOf(Date);

    // Stored: every alert reads the subscriptions anew, as a restarted server does.
    await alertAgain();
    await alertAgain();
    const received = () => service.delivered.filter((each) => each.path === agent.phone.path);
    expect(received()).toHaveLength(FAILURES_TO_SWITCH_OFF);
    expect(logged.filter((line) => line.msg === SWITCHED_OFF)).toEqual([
      expect.objectContaining({ level: 40, subscriptionId: switchedOff.id }),
    ]);

    // The app subscribes each time it opens: a fresh chance.
    await agent.http.post('/api/agents/push/subscribe').send(agent.phone.body).expect(200);
    expect(await stored(agent.phone.body.endpoint)).toMatchObject({
      failures: 0,
      failingSince: null,
      disabledAt: null,
    });
    await alertAgain();
    expect(received()).toHaveLength(FAILURES_TO_SWITCH_OFF + 1);
  });

  test('a message taken ends the failures in a row; failing every message for a day switches it off, however few', async () => {
    const { phone } = await subscribedAgent('Sunita', 'ok');
    const { id } = await stored(phone.body.endpoint);
    const em = app.orm.em.fork();
    for (let failed = 1; failed < FAILURES_TO_SWITCH_OFF; failed += 1)
      expect(await keepDelivery(em, id, 'failed')).toBe(false);
    expect(await keepDelivery(em, id, 'sent')).toBe(false);
    expect(await stored(phone.body.endpoint)).toMatchObject({ failures: 0, failingSince: null });
    for (let failed = 1; failed < FAILURES_TO_SWITCH_OFF; failed += 1)
      expect(await keepDelivery(em, id, 'failed')).toBe(false);
    expect((await stored(phone.body.endpoint)).disabledAt).toBeNull();

    await keepDelivery(em, id, 'sent');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000);
    expect(await keepDelivery(em, id, 'failed', dayAgo)).toBe(false);
    expect(await keepDelivery(em, id, 'failed')).toBe(true);
    expect(await stored(phone.body.endpoint)).toMatchObject({
      failures: 2,
      disabledAt: expect.any(Date),
    });
    // Off, it counts no more, and is switched off only once.
    expect(await keepDelivery(em, id, 'failed')).toBe(false);
    expect((await stored(phone.body.endpoint)).failures).toBe(2);
  });
});
