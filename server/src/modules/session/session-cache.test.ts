import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { CacheInvalidations } from '../../lib/cache-invalidations.js';
import { cookieHeader } from '../../test/app.js';
import { useTestApp, useTestAppsSharingRedis } from '../../test/fixtures.js';
import { signInAgent, signInSeller, signUpShopper } from '../../test/factories.js';
import { SessionCache } from './session-cache.js';
import type { SessionKind } from '../../lib/session-kinds.js';
import { SessionSchema } from './session.entity.js';
import { hashToken, startSession, TOUCH_EVERY } from './session.service.js';

const HOUR = 60 * 60 * 1000;

describe('the session cache', () => {
  const app = useTestApp();

  const em = () => app.orm.em.fork();
  const newSession = async (kind: SessionKind = 'user', subjectId = randomUUID()) => {
    const { token } = await startSession(em(), kind, subjectId);
    return { token, tokenHash: hashToken(token), subjectId };
  };
  /** Ends a session behind the cache's back, as if its invalidation never arrived. */
  const deleteRow = (tokenHash: string) => em().nativeDelete(SessionSchema, { tokenHash });
  const cacheFor = (ttlMs: number, size = 100) => {
    const invalidations = new CacheInvalidations();
    return { invalidations, cache: new SessionCache(invalidations, { ttlMs, size }) };
  };

  test('a session read once is answered from memory until its time is up', async () => {
    const { cache } = cacheFor(300);
    const session = await newSession();
    expect(await cache.find(em, 'user', session.token)).toMatchObject({
      kind: 'user',
      subjectId: session.subjectId,
      tokenHash: session.tokenHash,
    });

    await deleteRow(session.tokenHash);
    expect(await cache.find(em, 'user', session.token)).toMatchObject({
      subjectId: session.subjectId,
    });
    await sleep(350);
    expect(await cache.find(em, 'user', session.token)).toBeNull();
  });

  test('forget (a logout here) makes it read the database again at once', async () => {
    const { cache } = cacheFor(60_000);
    const session = await newSession();
    await cache.find(em, 'user', session.token);

    await deleteRow(session.tokenHash);
    cache.forget(session.tokenHash);
    expect(await cache.find(em, 'user', session.token)).toBeNull();
  });

  test('a read under way when a session is forgotten answers, but is not remembered', async () => {
    const { cache } = cacheFor(60_000);
    const session = await newSession();

    const reading = cache.find(em, 'user', session.token);
    cache.forget(session.tokenHash);
    expect(await reading).toMatchObject({ subjectId: session.subjectId });

    await deleteRow(session.tokenHash);
    expect(await cache.find(em, 'user', session.token)).toBeNull();
  });

  test('a session is refused from memory too once it expires', async () => {
    const { cache } = cacheFor(60_000);
    const session = await newSession();
    await em().nativeUpdate(
      SessionSchema,
      { tokenHash: session.tokenHash },
      { expiresAt: new Date(Date.now() + 300) },
    );
    expect(await cache.find(em, 'user', session.token)).not.toBeNull();

    await sleep(350);
    expect(await cache.find(em, 'user', session.token)).toBeNull();
  });

  test('a session due its hourly extension is read and extended as before, not answered from memory', async () => {
    const { cache } = cacheFor(60_000);
    const session = await newSession();
    const lastSeenAt = new Date(Date.now() - TOUCH_EVERY + 300);
    const expiresAt = new Date(Date.now() + HOUR);
    await em().nativeUpdate(
      SessionSchema,
      { tokenHash: session.tokenHash },
      { lastSeenAt, expiresAt },
    );
    const stored = () => em().findOneOrFail(SessionSchema, { tokenHash: session.tokenHash });

    await cache.find(em, 'user', session.token);
    await cache.find(em, 'user', session.token);
    expect((await stored()).lastSeenAt).toEqual(lastSeenAt);

    await sleep(350);
    const extended = await cache.find(em, 'user', session.token);
    const row = await stored();
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 5000);
    expect(row.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime());
    expect(extended?.lastSeenAt).toEqual(row.lastSeenAt);
  });

  test('revoking an account’s sessions forgets those, and only those', async () => {
    const { cache, invalidations } = cacheFor(60_000);
    const agentId = randomUUID();
    const revoked = [await newSession('agent', agentId), await newSession('agent', agentId)];
    const other = await newSession('agent');
    const sameIdOtherKind = await newSession('user', agentId);
    for (const session of [...revoked, other]) await cache.find(em, 'agent', session.token);
    await cache.find(em, 'user', sameIdOtherKind.token);
    for (const session of [...revoked, other, sameIdOtherKind]) await deleteRow(session.tokenHash);

    invalidations.publish({ type: 'sessions', kind: 'agent', subjectId: agentId });
    for (const session of revoked) expect(await cache.find(em, 'agent', session.token)).toBeNull();
    expect(await cache.find(em, 'agent', other.token)).not.toBeNull();
    expect(await cache.find(em, 'user', sameIdOtherKind.token)).not.toBeNull();

    invalidations.publish({ type: 'everything' });
    expect(await cache.find(em, 'agent', other.token)).toBeNull();
  });

  test('a session is not answered for a kind other than its own', async () => {
    const { cache } = cacheFor(60_000);
    const session = await newSession('user');
    expect(await cache.find(em, 'user', session.token)).not.toBeNull();
    expect(await cache.find(em, 'seller', session.token)).toBeNull();
    expect(await cache.find(em, 'user', session.token)).not.toBeNull();
  });

  test('holds at most its size, and nothing while other instances cannot be heard', async () => {
    const { cache } = cacheFor(60_000, 3);
    for (let count = 0; count < 5; count += 1) {
      await cache.find(em, 'user', (await newSession()).token);
    }
    expect(cache.size).toBe(3);

    const deaf = new CacheInvalidations();
    Object.defineProperty(deaf, 'heard', { get: () => false });
    const unheard = new SessionCache(deaf);
    await unheard.find(em, 'user', (await newSession()).token);
    expect(unheard.size).toBe(0);
  });
});

describe('signed-in requests read sessions through the cache', () => {
  const app = useTestApp();

  test(
    'a logged-out cookie is refused at once by the instance that logged it out',
    { timeout: 60_000 },
    async () => {
      const shopper = await signUpShopper(app);
      await shopper.http.get('/api/user/is-auth').expect(200);
      const cookie = cookieHeader(shopper.http);

      await shopper.http.post('/api/user/logout').expect(200);
      await app.http().get('/api/user/is-auth').set('Cookie', cookie).expect(401);
    },
  );

  test(
    're-inviting an agent refuses the old phone’s session at once',
    { timeout: 60_000 },
    async () => {
      const seller = await signInSeller(app);
      const { http: oldPhone, agent } = await signInAgent(app, 'Reinvited');
      await oldPhone.get('/api/agents/is-auth').expect(200);

      await seller.http.post(`/api/agents/${agent.id}/invite`).expect(201);
      await oldPhone.get('/api/agents/is-auth').expect(401);
    },
  );

  test('a removed agent’s session is refused at once', { timeout: 60_000 }, async () => {
    const seller = await signInSeller(app);
    const { http: phone, agent } = await signInAgent(app, 'Removed');
    await phone.get('/api/agents/orders/visible').expect(200);

    await seller.http.delete(`/api/agents/${agent.id}`).expect(200);
    await phone.get('/api/agents/orders/visible').expect(401);
    expect(await app.orm.em.fork().count(SessionSchema, { subjectId: agent.id })).toBe(0);
  });
});

const redisUrl = process.env.REDIS_URL;

// Needs a Redis server: .ci/run provides one (REDIS_URL); a plain `npm test` skips this.
describe.runIf(redisUrl)('sessions on two instances sharing Redis', () => {
  const [a, b] = useTestAppsSharingRedis(redisUrl);

  test(
    'a logout through instance A: instance B refuses the cookie it had remembered',
    { timeout: 60_000 },
    async () => {
      const shopper = await signUpShopper(a);
      const cookie = cookieHeader(shopper.http);
      const onB = () => b.http().get('/api/user/is-auth').set('Cookie', cookie);
      await onB().expect(200);

      await shopper.http.post('/api/user/logout').expect(200);
      // Well within the cache's 30 s: only the invalidation can have told B.
      await expect.poll(async () => (await onB()).status, { timeout: 5_000 }).toBe(401);
    },
  );

  test(
    'an agent revoked through instance A is refused by instance B',
    { timeout: 60_000 },
    async () => {
      const { http: phone, agent } = await signInAgent(a, 'Revoked Elsewhere');
      const cookie = cookieHeader(phone);
      const onB = () => b.http().get('/api/agents/is-auth').set('Cookie', cookie);
      await onB().expect(200);

      const seller = await signInSeller(a);
      await seller.http.post(`/api/agents/${agent.id}/invite`).expect(201);
      await expect.poll(async () => (await onB()).status, { timeout: 5_000 }).toBe(401);
    },
  );
});
