import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CacheInvalidations,
  invalidationsOf,
  SUBSCRIBER_NAME,
  type CacheInvalidation,
} from './cache-invalidations.js';
import type { CommittedOrder } from './domain-events.js';
import { createLogger } from './logger.js';
import { connectRedis, type RedisClient } from './redis.js';

const logger = createLogger('silent');

function recorder(invalidations: CacheInvalidations) {
  const heard: CacheInvalidation[] = [];
  invalidations.subscribe((invalidation) => heard.push(invalidation));
  return heard;
}

describe('cache invalidations on one instance', () => {
  test('what a domain event makes the caches forget', () => {
    expect(invalidationsOf({ type: 'product.changed', productId: 'p' })).toEqual([
      { type: 'catalogue' },
    ]);
    expect(invalidationsOf({ type: 'session.ended', kind: 'user', tokenHash: 'h' })).toEqual([
      { type: 'session', tokenHash: 'h' },
    ]);
    expect(invalidationsOf({ type: 'sessions.revoked', kind: 'agent', subjectId: 's' })).toEqual([
      { type: 'sessions', kind: 'agent', subjectId: 's' },
    ]);
    // The shop's name and promise are on every rendered page; its settings price every order.
    expect(invalidationsOf({ type: 'shop.changed' })).toEqual([
      { type: 'catalogue' },
      { type: 'shop' },
    ]);
    expect(invalidationsOf({ type: 'agents.changed' })).toEqual([]);
    const order = {} as CommittedOrder;
    expect(invalidationsOf({ type: 'order.placed', orderId: 'o', order })).toEqual([]);
  });

  test('without Redis, a published invalidation reaches the listeners before publish returns', () => {
    const invalidations = new CacheInvalidations();
    const heard = recorder(invalidations);
    const unsubscribed = recorder(invalidations);
    expect(invalidations.heard).toBe(true);

    invalidations.publish({ type: 'catalogue' });
    expect(heard).toEqual([{ type: 'catalogue' }]);
    expect(unsubscribed).toEqual([{ type: 'catalogue' }]);
  });

  test('an unsubscribed listener hears nothing more', () => {
    const invalidations = new CacheInvalidations();
    const heard: CacheInvalidation[] = [];
    const unsubscribe = invalidations.subscribe((invalidation) => heard.push(invalidation));
    unsubscribe();
    invalidations.publish({ type: 'everything' });
    expect(heard).toEqual([]);
  });
});

const redisUrl = process.env.REDIS_URL;

// Needs a Redis server: .ci/run provides one (REDIS_URL); a plain `npm test` skips this.
describe.runIf(redisUrl)('cache invalidations between instances through Redis', () => {
  const keyPrefix = `kirana-test-${randomUUID()}:`;
  let a: CacheInvalidations;
  let b: CacheInvalidations;
  let elsewhere: CacheInvalidations;
  let raw: RedisClient;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      CacheInvalidations.overRedis(redisUrl!, logger, keyPrefix),
      CacheInvalidations.overRedis(redisUrl!, logger, keyPrefix),
    ]);
    elsewhere = await CacheInvalidations.overRedis(redisUrl!, logger, `other-${keyPrefix}`);
    raw = await connectRedis(redisUrl!, logger, { queueWhileDown: false });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), elsewhere?.close(), raw?.close()]);
  });

  test('an invalidation published on A reaches B; A applies it once; another key prefix hears nothing', async () => {
    const onA = recorder(a);
    const onB = recorder(b);
    const onElsewhere = recorder(elsewhere);
    const invalidation: CacheInvalidation = {
      type: 'sessions',
      kind: 'agent',
      subjectId: randomUUID(),
    };

    a.publish(invalidation);
    expect(onA).toEqual([invalidation]);
    await expect.poll(() => onB).toEqual([invalidation]);
    // B has heard it, so A's own copy has come back by now too: it was not applied twice.
    b.publish({ type: 'catalogue' });
    await expect.poll(() => onA).toEqual([invalidation, { type: 'catalogue' }]);
    expect(onElsewhere).toEqual([]);
  });

  test('a message that cannot be read, or of a kind unknown here, makes the others forget everything', async () => {
    const onB = recorder(b);
    const channel = `${keyPrefix}cache-invalidations`;
    await raw.publish(channel, 'not json');
    await raw.publish(channel, JSON.stringify({ from: 'newer', invalidation: { type: 'prices' } }));
    await raw.publish(
      channel,
      JSON.stringify({ from: 'newer', invalidation: { type: 'session', tokenHash: 7 } }),
    );
    await raw.publish(
      channel,
      JSON.stringify({ from: 'newer', invalidation: { type: 'session', tokenHash: 'h' } }),
    );
    await expect
      .poll(() => onB)
      .toEqual([
        { type: 'everything' },
        { type: 'everything' },
        { type: 'everything' },
        { type: 'session', tokenHash: 'h' },
      ]);
  });

  test('when its connection drops and comes back, B forgets everything and hears the others again', async () => {
    const onB = recorder(b);
    const clients = (await raw.sendCommand(['CLIENT', 'LIST', 'TYPE', 'pubsub'])) as string;
    const line = clients
      .split('\n')
      .find((each) => each.includes(` name=${SUBSCRIBER_NAME}-${b.id} `));
    const id = line?.match(/^id=(\d+) /)?.[1];
    expect(id).toBeDefined();

    await raw.sendCommand(['CLIENT', 'KILL', 'ID', id!]);
    await expect.poll(() => onB.some((each) => each.type === 'everything')).toBe(true);
    await expect.poll(() => b.heard, { timeout: 10_000 }).toBe(true);

    onB.length = 0;
    a.publish({ type: 'catalogue' });
    await expect.poll(() => onB).toEqual([{ type: 'catalogue' }]);
  });
});
