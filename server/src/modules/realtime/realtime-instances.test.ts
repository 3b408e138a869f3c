import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openDatabase } from '../../db/orm.js';
import { createTestAppsSharingRedis, SESSION_SECRET, socketTo } from '../../test/app.js';
import { createProduct, sampleAddress } from '../../test/factories.js';
import { cleanUpServerProcesses, spawnServer } from '../../test/process.js';
import { connect, listen } from '../../test/sockets.js';

const redisUrl = process.env.REDIS_URL;

// Needs a Redis server: .ci/run provides one (REDIS_URL); a plain `npm test` skips this.
describe.runIf(redisUrl)('several server instances sharing live updates through Redis', () => {
  let orm: MikroORM;
  const seller = {
    email: `seller-${randomUUID().slice(0, 8)}@example.com`,
    password: 'instances-pass',
  };
  // This shop's keys in Redis, apart from those of other runs and other shops.
  const shopKeys = `kirana-test-${randomUUID()}:`;
  beforeAll(async () => {
    orm = await openDatabase({ url: inject('databaseUrl'), embedded: inject('databaseEmbedded') });
  });
  afterAll(async () => {
    await cleanUpServerProcesses();
    await orm.close();
  });

  const start = async (redisKeyPrefix = shopKeys) => {
    const instance = await spawnServer({
      DATABASE_URL: inject('databaseUrl'),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      SESSION_SECRET,
      SELLER_EMAIL: seller.email,
      SELLER_PASSWORD: seller.password,
      SEED_DEMO_DATA: 'false',
    });
    return `http://127.0.0.1:${await instance.waitUntilServing()}`;
  };

  test(
    "an order placed through instance A reaches a seller socket on instance B, never another shop's on the same Redis",
    { timeout: 60_000 },
    async () => {
      const a = await start();
      const b = await start();
      const otherShop = await start(`other-${shopKeys}`);

      const sellerOnB = supertest.agent(b);
      await sellerOnB.post('/api/seller/login').send(seller).expect(200);
      const sellerSocket = listen(await connect(socketTo(b, 'seller', sellerOnB)));
      const sellerOfOtherShop = supertest.agent(otherShop);
      await sellerOfOtherShop.post('/api/seller/login').send(seller).expect(200);
      const otherShopSocket = listen(
        await connect(socketTo(otherShop, 'seller', sellerOfOtherShop)),
      );

      const product = await createProduct(orm.em.fork(), { name: 'Basmati rice' });
      const shopperOnA = supertest.agent(a);
      await shopperOnA
        .post('/api/user/register')
        .send({
          name: 'Leela',
          email: `leela-${randomUUID()}@example.com`,
          password: 'shopper-pass-1',
        })
        .expect(201);
      const address = await shopperOnA
        .post('/api/address/add')
        .send({ address: sampleAddress })
        .expect(201);
      await shopperOnA
        .post('/api/order/cod')
        .send({ items: [{ product: product.id, quantity: 2 }], address: address.body.address._id })
        .expect(201);
      const [placed] = (await shopperOnA.get('/api/order/user').expect(200)).body.orders;

      const heard = await sellerSocket.waitFor(
        'order:created',
        (order) => order._id === placed._id,
      );
      expect(heard).toMatchObject({
        _id: placed._id,
        amount: placed.amount,
        status: 'Order Placed',
      });
      // Published to the other shop's channel, it would have arrived there as soon as on B.
      await sleep(500);
      expect(otherShopSocket.about(placed._id)).toEqual([]);
    },
  );

  test('login throttles count across instances: 10 wrong passwords on A lock the address out of B', async () => {
    const [a, b] = await createTestAppsSharingRedis(redisUrl);
    try {
      const wrong = { email: seller.email, password: 'not-the-password' };
      for (let attempt = 0; attempt < 10; attempt += 1)
        await a.http().post('/api/seller/login').send(wrong).expect(401);
      await b.http().post('/api/seller/login').send(wrong).expect(429);
      // Each kind of login counts on its own.
      await b.http().post('/api/agents/login').send({ phone: '+919000000000' }).expect(403);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
