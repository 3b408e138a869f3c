import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { networkUrls } from '../banner.js';
import { AddressSchema } from '../modules/address/address.entity.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { useTestApp } from '../test/fixtures.js';
import {
  createListedProduct,
  sampleAddress,
  signInAgent,
  signInSeller,
  signUpShopper,
} from '../test/factories.js';

/**
 * A storefront of another origin listed in PUBLIC_ORIGINS: the same site as the test app (so its
 * cookies stay SameSite=Lax and this plain-HTTP client keeps sending them).
 */
const LISTED = 'http://127.0.0.1:5173';

/** A form field list as a browser's form posts it. */
const formOf = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('cross-site requests', () => {
  let app: TestApp;
  /** A page on another port of the same host: same site, another origin, not listed. */
  let otherPort: string;
  beforeAll(async () => {
    app = await createTestApp({ publicOrigins: [LISTED] });
    const port = Number(new URL(app.url).port);
    otherPort = `http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}`;
  });
  afterAll(() => app.close());

  const addressesOf = (userId: string) => app.orm.em.fork().count(AddressSchema, { user: userId });

  test('a form posted from another port of the host with the shopper cookie is refused and adds nothing', async () => {
    const shopper = await signUpShopper(app);

    const response = await shopper.http
      .post('/api/address/add')
      .set('Origin', otherPort)
      .set('Sec-Fetch-Site', 'same-site')
      .type('form')
      .send(formOf({ 'address[firstName]': 'Mallory', 'address[street]': '1 Evil Lane' }))
      .expect(403);

    expect(response.body).toEqual({
      success: false,
      message: `Cross-site request refused: POST /api/address/add from ${otherPort} is not allowed to act on this store`,
      code: 'FORBIDDEN',
    });
    expect(await addressesOf(shopper.id)).toBe(0);
  });

  test('JSON from a foreign origin, or marked cross-site or same-site without an Origin, is refused', async () => {
    const shopper = await signUpShopper(app);
    const add = () => shopper.http.post('/api/address/add');

    await add().set('Origin', 'https://evil.example').send({ address: sampleAddress }).expect(403);
    await add().set('Origin', 'null').send({ address: sampleAddress }).expect(403);
    for (const site of ['cross-site', 'same-site']) {
      const response = await add()
        .set('Sec-Fetch-Site', site)
        .send({ address: sampleAddress })
        .expect(403);
      expect(response.body.message).toMatch(/^Cross-site request refused: .* from another site/);
    }
    expect(await addressesOf(shopper.id)).toBe(0);
  });

  test('a login forged by another site’s form is refused and sets no cookie', async () => {
    const attacker = await signUpShopper(app, 'Mallory');

    const response = await app
      .http()
      .post('/api/user/login')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send(formOf({ email: attacker.email, password: attacker.password }))
      .expect(403);

    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('a GET logout from another site’s link is refused for every area and the session still works', async () => {
    const shopper = await signUpShopper(app);
    const seller = await signInSeller(app);
    const agent = await signInAgent(app);
    const areas = [
      { http: shopper.http, logout: '/api/user/logout', isAuth: '/api/user/is-auth' },
      { http: seller.http, logout: '/api/seller/logout', isAuth: '/api/seller/is-auth' },
      { http: agent.http, logout: '/api/agents/logout', isAuth: '/api/agents/is-auth' },
    ];

    for (const { http, logout, isAuth } of areas) {
      // A link or an <img> elsewhere: no Origin, and the browser says who sent it.
      const linked = await http.get(logout).set('Sec-Fetch-Site', 'cross-site').expect(403);
      expect(linked.headers['set-cookie']).toBeUndefined();
      await http.get(logout).set('Sec-Fetch-Site', 'same-site').expect(403);
      await http.get(logout).set('Origin', 'https://evil.example').expect(403);
      await http.get(isAuth).expect(200);
    }
  });

  test('logout also takes POST, from the store’s own pages', async () => {
    const shopper = await signUpShopper(app);

    await shopper.http
      .post('/api/user/logout')
      .set('Origin', app.url)
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(200, { success: true, message: 'Logged Out' });

    await shopper.http.get('/api/user/is-auth').expect(401);
  });

  test('the spec’s GET logout still works from the store’s own pages and from programs', async () => {
    const fromPage = await signUpShopper(app);
    await fromPage.http.get('/api/user/logout').set('Sec-Fetch-Site', 'same-origin').expect(200);
    await fromPage.http.get('/api/user/is-auth').expect(401);

    const fromProgram = await signUpShopper(app);
    await fromProgram.http.get('/api/user/logout').expect(200);
    await fromProgram.http.get('/api/user/is-auth').expect(401);
  });

  test('the store’s own origin, a listed origin and programs that send neither header may act', async () => {
    const shopper = await signUpShopper(app);
    const add = () => shopper.http.post('/api/address/add').send({ address: sampleAddress });

    await add().set('Origin', app.url).set('Sec-Fetch-Site', 'same-origin').expect(201);
    await add().set('Origin', LISTED).set('Sec-Fetch-Site', 'cross-site').expect(201);
    await add().expect(201);
    // A page the visitor opened by hand (typed address, bookmark): no Origin, Sec-Fetch-Site none.
    await add().set('Sec-Fetch-Site', 'none').expect(201);

    expect(await addressesOf(shopper.id)).toBe(4);
  });

  test('an Origin naming PUBLIC_URL is this store even when the request came another way', async () => {
    const behindProxy = await createTestApp({ publicUrl: 'https://shop.example.in' });
    try {
      const shopper = await signUpShopper(behindProxy);
      await shopper.http
        .post('/api/address/add')
        .set('Origin', 'https://shop.example.in')
        .send({ address: sampleAddress })
        .expect(201);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('without PUBLIC_URL', () => {
  const app = useTestApp({ publicUrl: null });

  const picturesOf = (body: { products: { image: string[] }[] }) =>
    body.products.map((product) => product.image[0]);

  test.skipIf(networkUrls(0).length === 0)(
    'pictures are answered under this machine’s address on the shop’s network, so a phone on it loads them',
    async () => {
      await createListedProduct(app, { images: ['/uploads/test/lan-800.webp'] });
      const [lan] = networkUrls(Number(new URL(app.url).port));
      const { body } = await app
        .http()
        .get('/api/product/list')
        .set('Host', new URL(lan!).host)
        .expect(200);
      expect(picturesOf(body)).toContain(`${lan}/uploads/test/lan-800.webp`);
    },
  );

  test('any other Host header gets pictures under the store’s own address, from its one snapshot', async () => {
    await createListedProduct(app, { images: ['/uploads/test/host-800.webp'] });
    const port = Number(new URL(app.url).port);
    const own = await app.http().get('/api/product/list').expect(200);
    expect(picturesOf(own.body)).toContain(`${app.url}/uploads/test/host-800.webp`);

    for (const host of [
      'attacker.example',
      `attacker.example:${port}`,
      '192.0.2.7:4000',
      `localhost:${port + 1}`,
    ]) {
      const hostile = await app.http().get('/api/product/list').set('Host', host).expect(200);
      expect(picturesOf(hostile.body), host).toEqual(picturesOf(own.body));
      // The same bytes: the shop's snapshot answered, not one built (and kept) for this host.
      expect(hostile.headers.etag, host).toBe(own.headers.etag);
    }
  });

  test('behind an HTTPS proxy not trusted with X-Forwarded-Proto, the store’s own pages may still act', async () => {
    const shopper = await signUpShopper(app);
    await shopper.http
      .post('/api/address/add')
      .set('Host', 'shop.example.in')
      .set('Origin', 'https://shop.example.in')
      .send({ address: sampleAddress })
      .expect(201);
  });
});

describe('request bodies are JSON', () => {
  const app = useTestApp();

  test.each([
    ['a form', 'application/x-www-form-urlencoded', 'name=Asha&email=a%40example.com'],
    ['plain text', 'text/plain', '{"name":"Asha"}'],
    ['no type at all', '', '{"name":"Asha"}'],
    ['multipart on a route that takes no upload', 'multipart/form-data; boundary=b', '--b--'],
  ])('%s is a 415 saying to send JSON', async (_case, type, body) => {
    const request = app.http().post('/api/user/register');
    if (type) request.set('Content-Type', type);
    const response = await request.send(body).expect(415);

    expect(response.body).toEqual({
      success: false,
      message:
        'POST /api/user/register takes a JSON body: send it with Content-Type: application/json',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  test('a bodiless POST needs no type (fetch sends none)', async () => {
    const shopper = await signUpShopper(app);
    await shopper.http.post('/api/user/logout').set('Content-Length', '0').expect(200);
  });

  test('JSON with a charset or no Origin at all is read as before', async () => {
    const email = `charset-${Date.now()}@example.com`;
    await app
      .http()
      .post('/api/user/register')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ name: 'Asha', email, password: 'correct-horse-battery' }))
      .expect(201);
  });
});
