import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AddressSchema } from '../modules/address/address.entity.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUpShopper } from '../test/factories.js';

/** Bodies a fuzzer sends: nested far beyond any request of ours, complete or cut off. */
const DEEP_BODIES = {
  'an object 8,000 deep, cut off': '{"a":'.repeat(8000),
  'an object 8,000 deep': `${'{"a":'.repeat(8000)}1${'}'.repeat(8000)}`,
  'a list 100,000 deep, cut off': '['.repeat(100_000),
  'a list 50,000 deep': `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  'a list 33 deep': `${'['.repeat(33)}${']'.repeat(33)}`,
};

describe('request bodies a fuzzer sends', () => {
  let app: TestApp;
  let shopper: Awaited<ReturnType<typeof signUpShopper>>;
  beforeAll(async () => {
    app = await createTestApp();
    shopper = await signUpShopper(app);
  });
  afterAll(() => app.close());

  test.each(Object.entries(DEEP_BODIES))(
    '%s is a 400 on any path, signed in or not, and changes nothing',
    async (_case, body) => {
      const before = await app.orm.em.fork().count(AddressSchema, {});
      const senders = [app.http(), shopper.http];
      for (const http of senders) {
        for (const url of ['/api/address/add', '/api/user/login', '/api/no-such-endpoint']) {
          const response = await http.post(url).set('Content-Type', 'application/json').send(body);
          expect(response.status).toBe(400);
          expect(response.body.success).toBe(false);
          expect(response.body.message).toMatch(/^Request body (is not valid JSON|is nested)/);
        }
      }
      expect(await app.orm.em.fork().count(AddressSchema, {})).toBe(before);
    },
  );

  test('a body 32 deep is still read (and judged by its route)', async () => {
    const deepest = `${'['.repeat(31)}${']'.repeat(31)}`;
    const response = await app
      .http()
      .post('/api/user/login')
      .set('Content-Type', 'application/json')
      .send(`{"email":${deepest}}`)
      .expect(400);
    expect(response.body.message).not.toMatch(/nested/);
  });

  test('a body of more values than any request holds is a 400', async () => {
    const response = await app
      .http()
      .post('/api/address/add')
      .send({ many: Array.from({ length: 10_001 }, () => 0) })
      .expect(400);
    expect(response.body.message).toBe('Request body holds too many values (at most 10000)');
  });
});

describe('uploads that are not files', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await app.store.put('demo/apple-800.webp', Buffer.from('RIFF....WEBP'));
  });
  afterAll(() => app.close());

  test.each([
    '/uploads/',
    '/uploads/demo',
    '/uploads/demo/',
    '/uploads/..%2f..%2fetc%2fpasswd',
    '/uploads/..%2f..',
    '/uploads/%2e%2e/%2e%2e/',
    '/uploads/%E0%A4%A',
    '/uploads/%00',
    '/uploads/demo/apple-800.webp%00.png',
  ])('GET %s is a 404, never a 500', async (url) => {
    await app.http().get(url).expect(404);
  });
});
