import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../test/app.js';
import { signInSeller, signUpShopper } from '../test/factories.js';
import { limitedAddress, LOGIN_LIMITS, SEARCH_LIMIT, SIGN_UP_LIMIT } from './rate-limit.js';

// Each test gets an app of its own: the limits are the app's, kept in its memory.
let app: TestApp;
afterEach(() => app.close());

/** Addresses as a proxy would report them (the app trusts X-Forwarded-For in these tests). */
const from = (address: string) => ({ 'X-Forwarded-For': address });

function login(address: string, email: string, password: string) {
  return app.http().post('/api/user/login').set(from(address)).send({ email, password });
}

describe('sign-in limits', () => {
  test('100 parallel guesses at one account from 20 addresses: 20 are checked, 80 refused', async () => {
    app = await createTestApp({ trustProxy: true });
    const { email } = await signUpShopper(app);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        login(`10.1.0.${index % 20}`, email, `guess-${index}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(80);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body.message).toMatch(/^Too many login attempts\. Try again in \d+ minute/);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  }, 120_000);

  test("10 failures lock that address out of that account only: other accounts and the owner's new address still sign in", async () => {
    app = await createTestApp({ trustProxy: true });
    const victim = await signUpShopper(app);
    const neighbour = await signUpShopper(app, 'Meera Iyer');
    for (let attempt = 0; attempt < 10; attempt += 1)
      await login('10.2.0.1', victim.email, 'wrong').expect(401);

    await login('10.2.0.1', victim.email, victim.password).expect(429);
    await login('10.2.0.1', neighbour.email, neighbour.password).expect(200);
    await login('10.2.0.2', victim.email, victim.password).expect(200);
  });

  test("guesses at an account from elsewhere lock it for new browsers, never its owner's own, at any address", async () => {
    // Production allows 20 an hour per account; 5 show the same rule in fewer argon2 checks.
    const perAccount = { ...LOGIN_LIMITS.perAccount, points: 5 };
    app = await createTestApp({
      trustProxy: true,
      limits: { login: { ...LOGIN_LIMITS, perAccount } },
    });
    const { email, password } = await signUpShopper(app);
    const owner = app.agent();
    await owner.post('/api/user/login').set(from('10.9.0.1')).send({ email, password }).expect(200);
    for (let attempt = 0; attempt < 5; attempt += 1)
      await login(`10.9.1.${attempt}`, email, 'guess').expect(401);

    await login('10.9.0.1', email, password).expect(429);
    for (const address of ['10.9.0.1', '10.9.2.1'])
      await owner.post('/api/user/login').set(from(address)).send({ email, password }).expect(200);
  });

  test("a known browser's guesses count against an allowance of its own, as large as the account's", async () => {
    const perAccount = { ...LOGIN_LIMITS.perAccount, points: 5 };
    app = await createTestApp({
      trustProxy: true,
      limits: { login: { ...LOGIN_LIMITS, perAccount } },
    });
    const { email, password } = await signUpShopper(app);
    const known = app.agent();
    const knownLogin = (address: string, guess: string) =>
      known.post('/api/user/login').set(from(address)).send({ email, password: guess });
    await knownLogin('10.11.0.1', password).expect(200);
    // Its cookie copied to other addresses guesses no more than any stranger could.
    for (let attempt = 0; attempt < 5; attempt += 1)
      await knownLogin(`10.11.1.${attempt}`, 'guess').expect(401);

    await knownLogin('10.11.0.1', password).expect(429);
    await login('10.11.2.1', email, password).expect(200);
  });

  test("an attacker at the owner's address (a carrier's, shared) is refused there once past its limits, never the owner's known browser", async () => {
    // Production allows 10 in a row and 100 a day; 3 and 4 show the same rule in fewer checks.
    const consecutivePerAccountAndAddress = {
      ...LOGIN_LIMITS.consecutivePerAccountAndAddress,
      points: 3,
    };
    const perAddressPerDay = { ...LOGIN_LIMITS.perAddressPerDay, points: 4 };
    app = await createTestApp({
      trustProxy: true,
      limits: { login: { ...LOGIN_LIMITS, consecutivePerAccountAndAddress, perAddressPerDay } },
    });
    const { email, password } = await signUpShopper(app);
    const owner = app.agent();
    const ownerLogin = () =>
      owner.post('/api/user/login').set(from('10.17.0.1')).send({ email, password });
    await ownerLogin().expect(200);
    for (let attempt = 0; attempt < 3; attempt += 1)
      await login('10.17.0.1', email, 'guess').expect(401);
    await login('10.17.0.1', 'nobody@example.com', 'guess').expect(401);

    await ownerLogin().expect(200);
    await login('10.17.0.1', email, password).expect(429);
    await login('10.17.0.1', 'someone@example.com', 'guess').expect(429);
  });

  test('the known browser cookie is signed, httpOnly, sent only to its sign-in, and names no account', async () => {
    app = await createTestApp({ trustProxy: true });
    const { email, password } = await signUpShopper(app);
    const answer = await login('10.12.0.1', email, password).expect(200);
    const cookies = (answer.headers['set-cookie'] as unknown as string[]).filter((each) =>
      each.startsWith('kirana_known_user'),
    );
    expect(cookies.map((each) => each.split('=')[0])).toEqual([
      'kirana_known_user',
      'kirana_known_user.sig',
    ]);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; path=\/api\/user\/login;/);
      expect(cookie).toMatch(/; httponly/);
      expect(cookie.toLowerCase()).not.toContain(email.split('@')[0]!.toLowerCase());
    }
  });

  test("another account's sign-in cannot borrow a known browser's cookie", async () => {
    const perAccount = { ...LOGIN_LIMITS.perAccount, points: 1 };
    app = await createTestApp({
      trustProxy: true,
      limits: { login: { ...LOGIN_LIMITS, perAccount } },
    });
    const [mine, other] = [await signUpShopper(app), await signUpShopper(app, 'Meera Iyer')];
    const browser = app.agent();
    const browserLogin = ({ email, password }: typeof mine) =>
      browser.post('/api/user/login').set(from('10.13.0.1')).send({ email, password });
    await browserLogin(mine).expect(200);
    await login('10.13.1.1', other.email, 'guess').expect(401);

    await browserLogin(other).expect(429);
  });

  test('a browser that signed in stays known after a restart without Redis: 20 failures from elsewhere never lock it out', async () => {
    app = await createTestApp({ trustProxy: true });
    const { http: browser, email, password } = await signInSeller(app);
    const sellerLogin = (address: string, guess: string) =>
      app.http().post('/api/seller/login').set(from(address)).send({ email, password: guess });
    await browser.post('/api/seller/login').set(from('10.10.0.1')).send({ email, password });
    const cookie = cookieHeader(browser);

    // A restart: a new instance on the same database, its limits in memory again.
    await app.close();
    app = await createTestApp({ trustProxy: true });
    for (const address of ['10.10.1.1', '10.10.1.2'])
      for (let attempt = 0; attempt < 10; attempt += 1)
        await sellerLogin(address, 'guess').expect(401);

    await sellerLogin('10.10.2.1', password).expect(429);
    for (const address of ['10.10.0.1', '10.10.3.1'])
      await sellerLogin(address, password).set('Cookie', cookie).expect(200);
  });

  test('a success clears the consecutive failures of that account from that address', async () => {
    // Production allows 10 in a row; 3 show the same rule in fewer argon2 checks.
    const consecutivePerAccountAndAddress = {
      ...LOGIN_LIMITS.consecutivePerAccountAndAddress,
      points: 3,
    };
    app = await createTestApp({
      trustProxy: true,
      limits: { login: { ...LOGIN_LIMITS, consecutivePerAccountAndAddress } },
    });
    const { email, password } = await signUpShopper(app);
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < 2; attempt += 1)
        await login('10.3.0.1', email, 'wrong').expect(401);
      await login('10.3.0.1', email, password).expect(200);
    }
    for (let attempt = 0; attempt < 3; attempt += 1)
      await login('10.3.0.1', email, 'wrong').expect(401);
    await login('10.3.0.1', email, password).expect(429);
  });

  test('one address guessing many accounts is stopped for the day once it used its daily failures', async () => {
    // Production allows 100 a day; 12 show the same rule in a fraction of the argon2 checks.
    const perAddressPerDay = { ...LOGIN_LIMITS.perAddressPerDay, points: 12 };
    app = await createTestApp({
      trustProxy: true,
      limits: { login: { ...LOGIN_LIMITS, perAddressPerDay } },
    });
    const { email, password } = await signUpShopper(app);
    for (let account = 0; account < 12; account += 1)
      await login('10.4.0.1', `nobody-${account}@example.com`, 'guess').expect(401);

    const refused = await login('10.4.0.1', email, password).expect(429);
    expect(refused.body.message).toMatch(/Try again in \d+ hour/);
    await login('10.4.0.2', email, password).expect(200);
  });

  test('a malformed sign-in costs nothing', async () => {
    app = await createTestApp({ trustProxy: true });
    const { email, password } = await signUpShopper(app);
    for (let attempt = 0; attempt < 30; attempt += 1)
      await app.http().post('/api/user/login').set(from('10.5.0.1')).send({ email }).expect(400);
    await login('10.5.0.1', email, password).expect(200);
  });

  test('the seller and agent sign-ins are limited per account and address as well', async () => {
    app = await createTestApp({ trustProxy: true });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await app
        .http()
        .post('/api/seller/login')
        .set(from('10.6.0.1'))
        .send({ email: 'seller@example.com', password: 'wrong' })
        .expect(401);
    }
    await app
      .http()
      .post('/api/seller/login')
      .set(from('10.6.0.1'))
      .send({ email: 'SELLER@example.com', password: 'wrong' })
      .expect(429);
    // An agent's login on its own counters.
    const phone = { phone: '+919000000001' };
    const agent = await app.http().post('/api/agents/login').set(from('10.6.0.1')).send(phone);
    expect(agent.status).not.toBe(429);
  });
});

describe('sign-up limits', () => {
  test(`one address creates at most ${SIGN_UP_LIMIT.points} accounts an hour; another address is not held back`, async () => {
    app = await createTestApp({ trustProxy: true, limits: {} });
    const register = (address: string) =>
      app
        .http()
        .post('/api/user/register')
        .set(from(address))
        .send({
          name: 'Asha Rao',
          email: `sign-up-${randomUUID()}@example.com`,
          password: 'correct-horse-battery',
        });
    const limit = SIGN_UP_LIMIT.points ?? 0;
    for (let account = 0; account < limit; account += 1) await register('10.7.0.1').expect(201);

    const refused = await register('10.7.0.1').expect(429);
    expect(refused.body).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many accounts created from this address\. Try again/),
      code: 'TOO_MANY_REQUESTS',
    });
    await register('10.7.0.2').expect(201);
  });

  test('a malformed sign-up does not count', async () => {
    app = await createTestApp({ trustProxy: true, limits: {} });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await app
        .http()
        .post('/api/user/register')
        .set(from('10.8.0.1'))
        .send({ name: 'Asha', email: 'not-an-email', password: 'correct-horse-battery' })
        .expect(400);
    }
    await app
      .http()
      .post('/api/user/register')
      .set(from('10.8.0.1'))
      .send({ name: 'Asha', email: `ok-${randomUUID()}@example.com`, password: 'long-password' })
      .expect(201);
  });
});

describe('search limits', () => {
  const search = (query: Record<string, string>, address?: string) => {
    const request = app.http().get('/api/product/search').query(query);
    return address ? request.set(from(address)) : request;
  };

  test(`one address searches by text at most ${SEARCH_LIMIT.points} times a minute; listings, other addresses and this machine are not held back`, async () => {
    app = await createTestApp({ trustProxy: true });
    const limit = SEARCH_LIMIT.points ?? 0;
    for (let each = 0; each < limit; each += 1)
      await search({ q: 'mango' }, '10.14.0.1').expect(200);

    const refused = await search({ q: 'mango' }, '10.14.0.1').expect(429);
    expect(refused.body).toEqual({
      success: false,
      message: expect.stringMatching(
        /^Too many searches from this address\. Try again in 1 minute/,
      ),
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await search({ category: 'Fruits' }, '10.14.0.1').expect(200);
    await search({ q: 'mango' }, '10.14.0.2').expect(200);
    // A proxy on this machine that does not forward addresses speaks for every shopper.
    for (let each = 0; each <= limit; each += 1) await search({ q: 'mango' }).expect(200);
  }, 60_000);

  test("a storefront page asked with a search text counts as a search: it is rendered from the search's answer", async () => {
    app = await createTestApp({
      trustProxy: true,
      limits: { search: { points: 2, duration: 60 } },
    });
    // No web build here: past the limit, the plain app answers (that it is not built).
    const page = (query: Record<string, string>) =>
      app.http().get('/products').query(query).set(from('10.16.0.1'));
    await search({ q: 'mango' }, '10.16.0.1').expect(200);
    expect((await page({ q: 'tea' })).status).not.toBe(429);

    await page({ q: 'rice' }).expect(429);
    await search({ q: 'rice' }, '10.16.0.1').expect(429);
    expect((await page({})).status).not.toBe(429);
  });

  test('a search refused as bad input costs nothing', async () => {
    app = await createTestApp({
      trustProxy: true,
      limits: { search: { points: 2, duration: 60 } },
    });
    for (let each = 0; each < 5; each += 1)
      await search({ q: 'mango', limit: 'many' }, '10.15.0.1').expect(400);
    await search({ q: 'mango' }, '10.15.0.1').expect(200);
  });
});

describe('a proxy on this machine while TRUST_PROXY is unset', () => {
  test('the first request from this machine that carries X-Forwarded-For warns, once, to set TRUST_PROXY', async () => {
    const warnings: { msg: string }[] = [];
    const logger = pino(
      { level: 'warn' },
      { write: (line: string) => void warnings.push(JSON.parse(line)) },
    );
    app = await createTestApp({ logger });
    await app.http().get('/healthz').expect(200);
    expect(warnings).toEqual([]);

    for (let each = 0; each < 2; each += 1)
      await app.http().get('/healthz').set(from('203.0.113.5')).expect(200);
    expect(warnings).toEqual([
      expect.objectContaining({ msg: expect.stringContaining('TRUST_PROXY') }),
    ]);
  });

  test('behind TRUST_PROXY, a forwarded request warns of nothing', async () => {
    const warnings: unknown[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    app = await createTestApp({ trustProxy: true, logger });
    await app.http().get('/healthz').set(from('203.0.113.5')).expect(200);
    expect(warnings).toEqual([]);
  });
});

describe('the addresses the limits count', () => {
  test('an IPv6 address counts by its /64 (one connection holds them all); IPv4 as it is', () => {
    expect(limitedAddress('2001:db8:1:2:aaaa::1')).toBe(limitedAddress('2001:db8:1:2:ffff::9'));
    expect(limitedAddress('2001:db8:1:2::1')).not.toBe(limitedAddress('2001:db8:1:3::1'));
    expect(limitedAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(limitedAddress('10.1.2.3')).toBe('10.1.2.3');
  });
});
