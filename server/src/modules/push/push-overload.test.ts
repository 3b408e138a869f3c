import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { copiesOfOrder, placeCodOrder, signInAgent, signUpShopper } from '../../test/factories.js';
import { phoneSubscription, usePushStore } from '../../test/push-service.js';
import { offerUnacceptedAgain } from '../order/unaccepted-alerts.js';
import { PushSubscriptionSchema } from './push-subscription.entity.js';
import { CONCURRENT_SENDS } from './push.processor.js';
import { FAILURES_TO_SWITCH_OFF } from './push.service.js';

/** The heap in use once garbage is collected (V8's gc, reached without --expose-gc). */
function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

// Issue 40: 8 phones whose push service never answers and a backlog of open orders offered
// again every round filled the heap with senders until the server died, again after each restart.
describe('Web Push when the phones’ push service never answers, with a backlog of open orders', () => {
  const BACKLOG = 400;

  // The push service is given up on sooner than in production, so the scene lasts seconds.
  const { app, service } = usePushStore({ sendTimeoutMs: 200 });

  test('rounds that offer the backlog again and orders placed meanwhile keep a few messages in flight, tell each phone how many wait in one message, switch off the phones that keep failing, and leave the heap as it was', async () => {
    const phones = [];
    for (let n = 1; n <= 8; n += 1) {
      const agent = await signInAgent(app, `Agent ${n}`);
      const phone = phoneSubscription(service, 'silent');
      await agent.http.post('/api/agents/push/subscribe').send(phone.body).expect(200);
      phones.push(phone);
    }
    const shopper = await signUpShopper(app);
    await copiesOfOrder(app, await placeCodOrder(app, shopper), BACKLOG, minutesFromNow(-10));
    // Orders placed meanwhile are other shoppers': the backlog's holds more open unpaid orders
    // than a shop takes from one.
    const placeAnother = async () => placeCodOrder(app, await signUpShopper(app));
    await app.events.settled();
    const heapBefore = heapAfterGc();

    for (let round = 1; round <= 3; round += 1) {
      const offered = await offerUnacceptedAgain(
        app.orm.em.fork(),
        app.events,
        5,
        minutesFromNow(10 * round),
      );
      expect(offered.length).toBeGreaterThan(BACKLOG);
      for (let n = 0; n < 5; n += 1) await placeAnother();
    }
    await app.events.settled();
    const heapAfter = heapAfterGc();

    expect(service.mostInFlight).toBeLessThanOrEqual(CONCURRENT_SENDS);
    const received = (path: string) => service.delivered.filter((each) => each.path === path);
    for (const phone of phones) {
      // Those already on their way when it was switched off still went.
      expect(received(phone.path).length).toBeLessThan(FAILURES_TO_SWITCH_OFF + CONCURRENT_SENDS);
      const backlogs = received(phone.path).filter((each) => phone.open(each).tag === 'backlog');
      expect(backlogs.length).toBeGreaterThan(0);
      expect(phone.open(backlogs[0]!).title).toMatch(/^\d+ orders wait$/);
    }
    const subscriptions = await app.orm.em.fork().find(PushSubscriptionSchema, {});
    expect(subscriptions).toHaveLength(phones.length);
    for (const subscription of subscriptions) expect(subscription.disabledAt).toBeInstanceOf(Date);
    expect(heapAfter - heapBefore).toBeLessThan(32 * 2 ** 20);

    // Switched off, they hear no more, and the server sends nothing.
    const sent = service.delivered.length;
    await offerUnacceptedAgain(app.orm.em.fork(), app.events, 5, minutesFromNow(40));
    await placeAnother();
    await app.events.settled();
    expect(service.delivered).toHaveLength(sent);
    // Unbounded, the same scene takes minutes: time for it to fail on what it sent, not to time out.
  }, 180_000);
});
