import {
  PRODUCT_PAGE_SIZE,
  SIGNED_IN_HINT_COOKIE,
  STOREFRONT_STATE_ID,
  storefrontStateSchema,
  type Product,
  type ProductPageAnswer,
} from '@kirana/shared';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../test/app.js';
import { useTestApp } from '../../test/fixtures.js';
import { createCategory, createListedProduct, signUpShopper } from '../../test/factories.js';
import { buildStorefront, type StorefrontBuild } from '../../test/storefront-build.js';
import { ProductSchema } from '../product/product.entity.js';
import { ShopSettingsSchema } from '../shop/shop.entity.js';
import { Catalogue } from '../product/catalogue.js';

/** The contents of the page's `<script … id="…">` element, or undefined. */
function scriptOf(html: string, attributes: string): string | undefined {
  const start = html.indexOf(`<script ${attributes}>`);
  if (start === -1) return undefined;
  const from = start + `<script ${attributes}>`.length;
  return html.slice(from, html.indexOf('</script>', from));
}

const stateOf = (html: string) =>
  storefrontStateSchema.parse(
    JSON.parse(scriptOf(html, `type="application/json" id="${STOREFRONT_STATE_ID}"`) ?? 'null'),
  );

interface HeldQuery {
  queryKey: unknown[];
  state: { data: unknown };
}

/** The answers a page was rendered from (the web app's dehydrated queries), by query key. */
const heldOf = (html: string) =>
  new Map(
    (stateOf(html).queries as { queries: HeldQuery[] }).queries.map((query) => [
      JSON.stringify(query.queryKey),
      query.state.data,
    ]),
  );

/** Every product the page's state holds, wherever it holds it. */
function productsHeld(html: string): Product[] {
  const products = (data: unknown): Product[] => {
    if (Array.isArray(data)) return data as Product[];
    if (data && typeof data === 'object' && 'products' in data)
      return (data as ProductPageAnswer).products;
    if (data && typeof data === 'object' && 'pages' in data) {
      return (data as { pages: ProductPageAnswer[] }).pages.flatMap((page) => page.products);
    }
    return [];
  };
  return [...heldOf(html)]
    .filter(([key]) => key.startsWith('["products"'))
    .flatMap(([, data]) => products(data));
}

const attribute = (html: string, tag: RegExp) => tag.exec(html)?.[1];

/** The cookies an answer sets, by name, with their attributes. */
function setCookies(headers: Record<string, unknown>): Map<string, string> {
  const lines = (headers['set-cookie'] as string[] | undefined) ?? [];
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

describe('server-rendered storefront pages', () => {
  let build: StorefrontBuild;
  let app: TestApp;
  beforeAll(async () => {
    build = await buildStorefront();
    app = await createTestApp({ webRoot: build.webRoot, storefrontRenderer: build.renderer });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await build.remove();
  });

  test('a product page carries its name, price, picture, its own head and schema.org data', async () => {
    const mango = await createListedProduct(app, {
      name: 'Alphonso Mango',
      category: 'Fruits',
      pricePaise: 25_000,
      offerPricePaise: 21_999,
      description: ['Ratnagiri', 'Naturally ripened'],
      images: ['/uploads/demo/mango-800.webp'],
      weight: '1 kg',
    });
    const path = `/products/fruits/${mango.id}`;

    const response = await app
      .http()
      .get(path)
      .expect(200)
      .expect('content-type', /text\/html/);
    const html = response.text;

    expect(response.headers['cache-control']).toBe('no-cache');
    expect(html).toContain('<h1 class="product-details__name">Alphonso Mango</h1>');
    expect(html).toContain('Rs 219.99');
    expect(html).toContain(`src="${app.url}/uploads/demo/mango-800.webp"`);
    expect(html).toContain('<title>Alphonso Mango | Kirana</title>');
    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${app.url}${path}`);
    expect(attribute(html, /<meta property="og:image" content="([^"]*)"/)).toBe(
      `${app.url}/uploads/demo/mango-800.webp`,
    );
    expect(attribute(html, /<meta name="description" content="([^"]*)"/)).toBe(
      'Alphonso Mango (1 kg) in Fresh Fruits. Ratnagiri. Naturally ripened',
    );
    const data = JSON.parse(scriptOf(html, 'type="application/ld+json"') ?? 'null');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Alphonso Mango',
      sku: mango.id,
      image: [`${app.url}/uploads/demo/mango-800.webp`],
      offers: {
        '@type': 'Offer',
        url: `${app.url}${path}`,
        price: '219.99',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
      },
    });
    // The browser hydrates from the very answers the page was rendered from, and no more.
    const items = await app.http().get(`/api/product/items?ids=${mango.id}`).expect(200);
    expect(heldOf(html).get(JSON.stringify(['products', 'items', [mango.id]]))).toEqual(
      items.body.products,
    );
    const categories = await app.http().get('/api/category/list').expect(200);
    expect(heldOf(html).get(JSON.stringify(['categories', 'shown']))).toEqual(
      categories.body.categories,
    );
    expect(productsHeld(html).every((product) => product.category === 'Fruits')).toBe(true);
  });

  test('without PUBLIC_URL, a page asked for under another Host header is the shop’s, under its own address', async () => {
    const unset = await createTestApp({
      publicUrl: null,
      webRoot: build.webRoot,
      storefrontRenderer: build.renderer,
    });
    try {
      const mango = await createListedProduct(unset, {
        name: 'Kesar Mango',
        category: 'Fruits',
        images: ['/uploads/demo/kesar-800.webp'],
      });
      const path = `/products/fruits/${mango.id}`;

      for (const host of ['attacker.example', `attacker.example:${new URL(unset.url).port}`]) {
        const { text: html } = await unset.http().get(path).set('Host', host).expect(200);
        expect(attribute(html, /<link rel="canonical" href="([^"]*)"/), host).toBe(
          `${unset.url}${path}`,
        );
        expect(attribute(html, /<meta property="og:url" content="([^"]*)"/), host).toBe(
          `${unset.url}${path}`,
        );
        expect(attribute(html, /<meta property="og:image" content="([^"]*)"/), host).toBe(
          `${unset.url}/uploads/demo/kesar-800.webp`,
        );
        expect(html, host).not.toContain('attacker.example');
      }
    } finally {
      await unset.close();
    }
  });

  test('the home page, all products and a category are rendered with their own titles', async () => {
    const carrot = await createListedProduct(app, { name: 'Ooty Carrot', category: 'Vegetables' });

    const home = await app.http().get('/').expect(200);
    expect(home.text).toContain('Freshness you can trust, savings you will love!');
    expect(home.text).toContain('<title>Kirana — groceries delivered fast</title>');

    const all = await app.http().get('/products').expect(200);
    expect(all.text).toContain('<title>All Products | Kirana</title>');
    expect(all.text).toContain('Ooty Carrot');

    const category = await app.http().get('/products/vegetables').expect(200);
    expect(category.text).toContain('<title>Organic veggies | Kirana</title>');
    expect(category.text).toContain(`href="/products/vegetables/${carrot.id}"`);
    expect(attribute(category.text, /<link rel="canonical" href="([^"]*)"/)).toBe(
      `${app.url}/products/vegetables`,
    );
  });

  test('the shop’s own pages are rendered from its settings, and every page changes when the seller changes them', async () => {
    // The page's text as read: React parts adjoining texts with empty comments.
    const page = async (path: string) => {
      const answer = await app.http().get(path).expect(200);
      return { text: answer.text.replaceAll('<!-- -->', '') };
    };
    const contact = await page('/contact');
    expect(contact.text).toContain('<title>Contact Us | Kirana</title>');
    expect(contact.text).toContain('<a href="tel:1800000000">1800 000 000</a>');
    expect(contact.text).toContain('href="mailto:hello@kirana.example"');
    const home = await page('/');
    expect(home.text).toContain('Delivered in under 30 minutes');

    await app.orm.em.fork().nativeUpdate(
      ShopSettingsSchema,
      { id: 1 },
      {
        name: 'Sharma General Store',
        phone: '98765 43210',
        promiseMinutes: 45,
        returnsPolicy: 'Bring it back within 7 days with the bill.',
        deliveryFeePaise: 2500,
        minimumOrderPaise: 19900,
      },
    );
    app.events.publish({ type: 'shop.changed' });
    try {
      const changed = await page('/');
      expect(changed.text).toContain(
        '<title>Sharma General Store — groceries delivered fast</title>',
      );
      expect(changed.text).toContain(
        '<meta property="og:site_name" content="Sharma General Store" />',
      );
      expect(changed.text).toContain('Delivered in under 45 minutes');
      expect(changed.text).not.toContain('under 30 minutes');
      expect(changed.text).toContain('<a href="tel:+919876543210">98765 43210</a>');

      const returns = await page('/returns');
      expect(returns.text).toContain(
        '<title>Return &amp; Refund Policy | Sharma General Store</title>',
      );
      expect(returns.text).toContain('Bring it back within 7 days with the bill.');
      const delivery = await page('/delivery');
      expect(delivery.text).toContain('Delivery costs Rs 25');
      expect(delivery.text).toContain('The smallest order we take is Rs 199');
    } finally {
      await app.orm.em.fork().nativeUpdate(
        ShopSettingsSchema,
        { id: 1 },
        {
          name: 'Kirana',
          phone: '1800 000 000',
          promiseMinutes: 30,
          returnsPolicy: '',
          deliveryFeePaise: 0,
          minimumOrderPaise: 0,
        },
      );
      app.events.publish({ type: 'shop.changed' });
    }
  });

  test('a category is rendered a page at a time, with real links to the next and the previous page', async () => {
    const em = app.orm.em.fork();
    const path = `Pages${Date.now().toString(36)}`;
    await createCategory(em, path, { label: 'Spices & Masala', position: 50 });
    app.events.publish({ type: 'category.changed' });
    const names = Array.from({ length: PRODUCT_PAGE_SIZE + 3 }, (_, n) => `Masala ${n + 1}`);
    for (const name of names) await createListedProduct(app, { name, category: path });
    const href = `/products/${path.toLowerCase()}`;

    const first = (await app.http().get(href).expect(200)).text;
    expect(first).toContain('<title>Spices &amp; Masala | Kirana</title>');
    expect(productsHeld(first).map((product) => product.name)).toEqual(
      names.slice(0, PRODUCT_PAGE_SIZE),
    );
    expect(first).toContain(`href="${href}?page=2"`);
    expect(first).not.toContain('Previous page');

    const second = (await app.http().get(`${href}?page=2`).expect(200)).text;
    expect(productsHeld(second).map((product) => product.name)).toEqual(
      names.slice(PRODUCT_PAGE_SIZE),
    );
    expect(second).toContain(`href="${href}"`);
    expect(second).toContain('Previous page');
    expect(second).not.toContain(`href="${href}?page=3"`);

    const searched = (await app.http().get('/products?q=masala%2012').expect(200)).text;
    expect(productsHeld(searched)[0]?.name).toBe('Masala 12');
    expect(searched).toMatch(/Results for “(<!-- -->)?masala 12(<!-- -->)?”/);
  });

  test('a product, a category or a path the store does not have is a 404 page search engines skip', async () => {
    for (const path of ['/products/fruits/no-such-product', '/products/nothing-here', '/no/such']) {
      const response = await app
        .http()
        .get(path)
        .expect(404)
        .expect('content-type', /text\/html/);
      expect(response.text, path).toContain('<meta name="robots" content="noindex" />');
      expect(response.text, path).not.toContain('rel="canonical"');
    }
    const head = await app.http().head('/no/such').expect(404);
    expect(head.text).toBeUndefined();
  });

  test('a page changes with the catalogue, and a query does not change the page', async () => {
    const bread = await createListedProduct(app, { name: 'Brown Bread', category: 'Bakery' });
    const path = `/products/bakery/${bread.id}`;
    expect((await app.http().get(path).expect(200)).text).toContain('https://schema.org/InStock');

    await app.orm.em.fork().nativeUpdate(ProductSchema, { id: bread.id }, { inStock: false });
    app.events.publish({ type: 'product.changed', productId: bread.id });

    // A shared link's query, a parameter given twice too: the page all the same.
    const after = await app
      .http()
      .get(`${path}?utm_source=newsletter&utm_source=whatsapp`)
      .expect(200);
    expect(after.text).toContain('https://schema.org/OutOfStock');
    expect(productsHeld(after.text).find((product) => product._id === bread.id)?.inStock).toBe(
      false,
    );
  });

  test('a page whose call fails says 503, leaves that part to the browser, and is not kept', async () => {
    const name = `Kodo Millet ${Date.now()}`;
    await createListedProduct(app, { name, category: 'Grains' });
    const path = `/products?q=${encodeURIComponent(name)}`;
    const search = vi
      .spyOn(Catalogue.prototype, 'searched')
      .mockRejectedValueOnce(new Error('the database went away'));
    try {
      const failed = await app.http().get(path).expect(503);
      // The results are left loading, for the browser to ask again.
      expect(failed.text).toContain('All Products');
      expect(failed.text).toContain('Loading products');
      expect(failed.text).not.toContain('<article');
      expect(productsHeld(failed.text)).toEqual([]);
    } finally {
      search.mockRestore();
    }
    const next = await app.http().get(path).expect(200);
    expect(productsHeld(next.text).map((product) => product.name)).toEqual([name]);
  });

  test('nothing a seller types can break out of the page’s scripts', async () => {
    const sly = await createListedProduct(app, {
      name: '</script><script>alert(1)</script>',
      description: ['<!-- & "quoted" -->'],
    });
    const html = (await app.http().get(`/products/fruits/${sly.id}`).expect(200)).text;

    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<!-- & "quoted" -->');
    expect(productsHeld(html).find((product) => product._id === sly.id)?.name).toBe(
      '</script><script>alert(1)</script>',
    );
    const data = JSON.parse(scriptOf(html, 'type="application/ld+json"') ?? 'null');
    expect(data.name).toBe('</script><script>alert(1)</script>');
  });

  test('a page sets the signed-in hint for a live session without one, and clears it without a session', async () => {
    const shopper = await signUpShopper(app);
    const session = cookieHeader(shopper.http)
      .split('; ')
      .filter((cookie) => !cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`))
      .join('; ');

    const withSession = await app.http().get('/').set('Cookie', session).expect(200);
    expect(setCookies(withSession.headers).get(SIGNED_IN_HINT_COOKIE)).toMatch(
      new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`),
    );

    const hintOnly = await app
      .http()
      .get('/products')
      .set('Cookie', `${SIGNED_IN_HINT_COOKIE}=1`)
      .expect(200);
    expect(setCookies(hintOnly.headers).get(SIGNED_IN_HINT_COOKIE)).toMatch(
      /expires=Thu, 01 Jan 1970/,
    );

    const visitor = await app.http().get('/products').expect(200);
    expect(visitor.headers['set-cookie']).toBeUndefined();
  });

  test('the cart and the seller area are left to the browser', async () => {
    for (const path of ['/cart', '/my-orders', '/seller', '/seller/orders']) {
      const html = (await app.http().get(path).expect(200)).text;
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain(STOREFRONT_STATE_ID);
    }
  });

  test('sitemap.xml lists the home page, every category and every product; robots.txt names it', async () => {
    const milk = await createListedProduct(app, { name: 'Toned Milk', category: 'Dairy' });

    const sitemap = await app.http().get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.text).toContain(`<loc>${app.url}/</loc>`);
    expect(sitemap.text).toContain(`<loc>${app.url}/products/grains</loc>`);
    expect(sitemap.text).toContain(`<loc>${app.url}/returns</loc>`);
    expect(sitemap.text).toContain(
      `<loc>${app.url}/products/dairy/${milk.id}</loc>\n    <lastmod>${milk.updatedAt.toISOString()}</lastmod>`,
    );

    const robots = await app.http().get('/robots.txt').expect(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.text).toContain('User-agent: *\nDisallow: /api/\n');
    expect(robots.text).toContain('Disallow: /seller\n');
    expect(robots.text).toContain(`Sitemap: ${app.url}/sitemap.xml\n`);
  });
});

describe('the signed-in hint beside a shopper’s session', () => {
  const app = useTestApp();

  test('comes with a login, readable by scripts, and goes with the logout', async () => {
    const shopper = await signUpShopper(app);
    const login = await app
      .http()
      .post('/api/user/login')
      .send({ email: shopper.email, password: shopper.password })
      .expect(200);
    const hint = setCookies(login.headers).get(SIGNED_IN_HINT_COOKIE);
    expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/httponly/i);
    expect(setCookies(login.headers).get('kirana_user')).toMatch(/httponly/i);

    const logout = await shopper.http.post('/api/user/logout').expect(200);
    expect(setCookies(logout.headers).get(SIGNED_IN_HINT_COOKIE)).toMatch(
      /expires=Thu, 01 Jan 1970/,
    );
  });

  test('is cleared when the session it stood for has gone', async () => {
    const response = await app
      .http()
      .get('/api/user/is-auth')
      .set('Cookie', `${SIGNED_IN_HINT_COOKIE}=1`)
      .expect(401);
    expect(setCookies(response.headers).get(SIGNED_IN_HINT_COOKIE)).toMatch(
      /expires=Thu, 01 Jan 1970/,
    );
  });
});
