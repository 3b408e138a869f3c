import { test as plainTest, type Page, type Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectImagesLoaded } from './support/images';
import {
  ADDRESS,
  cartLink,
  fillAddressForm,
  newShopper,
  signUpInDialog,
  toast,
} from './support/shopper';
import {
  hostStorefront,
  LISTED_STOREFRONT_PORT,
  UNLISTED_STOREFRONT_PORT,
  type StorefrontHost,
} from './support/storefront-host';

/*
 * The built storefront served by a plain static host on other origins, its meta tag naming the
 * store's server (docs/security.md#cors). The server lists the first origin in
 * PUBLIC_ORIGINS (playwright.config.ts), not the second. No request is routed or faked: the
 * browser itself grants or refuses every call.
 */

/** The store's server: the API, the socket and the images, and PUBLIC_URL. */
const API_ORIGIN = 'http://127.0.0.1:4173';

let listed: StorefrontHost;
let unlisted: StorefrontHost;

// Playwright reads a hook's fixtures from its first parameter, so none is `{}`.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  // Fixed ports, named in the server's PUBLIC_ORIGINS: one project hosts them.
  test.skip(!testInfo.project.use.hasTouch, 'a phone-sized storefront: run with --project phone');
  expect(testInfo.project.use.baseURL).toBe(API_ORIGIN);
  listed = await hostStorefront(LISTED_STOREFRONT_PORT, API_ORIGIN);
  unlisted = await hostStorefront(UNLISTED_STOREFRONT_PORT, API_ORIGIN);
});

test.afterAll(async () => {
  await listed?.close();
  await unlisted?.close();
});

test('from an origin in PUBLIC_ORIGINS a shopper signs up, fills the cart, saves an address and orders cash on delivery, with the images and live updates of the store’s server', async ({
  page,
  expectFailedRequest,
}, testInfo) => {
  // The whole journey, from a cold host.
  test.slow();
  // A page of another origin cannot read the store's signed-in hint, so it asks who is logged
  // in: nobody yet, a 401 the browser logs.
  expectFailedRequest('/api/user/is-auth', 401);
  const shopper = newShopper(testInfo);
  await page.goto(`${listed.origin}/products/vegetables`);

  // The catalogue and its pictures come from the store's server, as absolute URLs under PUBLIC_URL.
  const pictures = page.getByRole('article').locator('img');
  await expect(pictures.first()).toBeVisible({ timeout: 15_000 });
  // Loaded first: a lazy picture below the fold has no currentSrc until it loads.
  await expectImagesLoaded(pictures);
  for (const src of await pictures.evaluateAll((images) =>
    images.map((image) => (image as HTMLImageElement).currentSrc),
  )) {
    expect(src).toMatch(new RegExp(`^${API_ORIGIN}/uploads/.+\\.webp$`));
  }

  await signUpInDialog(page, shopper);
  await page.getByRole('button', { name: 'Add Carrot to cart' }).tap();
  await expect(toast(page, 'Added to Cart')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

  await cartLink(page).tap();
  await expect(page).toHaveURL(`${listed.origin}/cart`);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await summary.getByRole('link', { name: 'Add address' }).tap();
  await expect(page).toHaveURL(`${listed.origin}/add-address`);
  await fillAddressForm(page);
  await page.getByRole('button', { name: 'Save address' }).tap();
  await expect(page).toHaveURL(`${listed.origin}/cart`);
  await expect(
    summary.getByRole('radio', { name: `${ADDRESS.street}, ${ADDRESS.city}`, exact: false }),
  ).toBeChecked();
  await expect(summary.getByRole('radio', { name: 'Cash On Delivery' })).toBeChecked();

  await summary.getByRole('button', { name: 'Place Order' }).tap();
  await expect(page).toHaveURL(`${listed.origin}/my-orders`);
  const order = page.getByRole('article').first();
  await expect(order.getByRole('heading', { name: 'Carrot' })).toBeVisible();
  await expect(order.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  // The socket, too, connects across origins with the session cookie.
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  // The session belongs to the store's server: its own answers show the order.
  const orders = (await (await page.request.get(`${API_ORIGIN}/api/order/user`)).json()) as {
    orders: { items: { product: { name: string } }[] }[];
  };
  expect(orders.orders.map((placed) => placed.items.map((item) => item.product.name))).toEqual([
    ['Carrot'],
  ]);
});

// Its page logs the browser's refusals on purpose, so it is checked here, not by the fixture.
plainTest(
  'from an origin not in PUBLIC_ORIGINS the browser refuses every call: no products, and a sign-up creates nothing',
  async ({ page }, testInfo) => {
    const apiCalls = watchApiCalls(page);
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('blocked by CORS policy')) {
        refusals.push(message.text());
      }
    });

    await page.goto(`${unlisted.origin}/products`);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Could not reach the store.',
      { timeout: 15_000 },
    );
    await expect(page.getByRole('article')).toHaveCount(0);

    const shopper = newShopper(testInfo);
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).tap();
    const logIn = page.getByRole('dialog', { name: 'User Login' });
    await logIn.getByRole('button', { name: 'Create an account' }).tap();
    const signUp = page.getByRole('dialog', { name: 'User Sign Up' });
    await signUp.getByLabel('Name').fill(shopper.name);
    await signUp.getByLabel('Email').fill(shopper.email);
    await signUp.getByLabel('Password').fill(shopper.password);
    await signUp.getByRole('button', { name: 'Create Account' }).tap();
    await expect(signUp.getByRole('alert')).toHaveText(/Could not reach the store\./);

    // Every call the page made to the server ended refused, none answered to the page.
    await expect.poll(() => apiCalls.pending()).toBe(0);
    expect(apiCalls.answered()).toEqual([]);
    expect(apiCalls.refused()).toEqual(
      expect.arrayContaining([
        `GET ${API_ORIGIN}/api/category/list`,
        `POST ${API_ORIGIN}/api/user/register`,
      ]),
    );
    expect(refusals.some((text) => text.includes(`${API_ORIGIN}/api/category/list`))).toBe(true);

    // The refused sign-up never reached the server: the account does not exist.
    const login = await page.request.post(`${API_ORIGIN}/api/user/login`, {
      data: { email: shopper.email, password: shopper.password },
    });
    expect(login.status()).toBe(401);
  },
);

const pathOf = (request: Request) => {
  const url = new URL(request.url());
  return url.origin === API_ORIGIN ? url.pathname : '';
};

/** How each of the page's calls to the store's server ended, as `METHOD url`. */
function watchApiCalls(page: Page) {
  const started = new Set<Request>();
  const answered: string[] = [];
  const refused: string[] = [];
  // The API and the socket; images need no permission to show, scripts none to read them.
  const toServer = (request: Request) => /^\/(api|socket\.io)\//.test(pathOf(request));
  const name = (request: Request) => `${request.method()} ${request.url().split('?')[0]}`;
  page.on('request', (request) => {
    if (toServer(request)) started.add(request);
  });
  page.on('requestfinished', (request) => {
    if (!started.delete(request)) return;
    answered.push(name(request));
  });
  page.on('requestfailed', (request) => {
    if (!started.delete(request)) return;
    refused.push(name(request));
  });
  return {
    pending: () => started.size,
    answered: () => answered,
    refused: () => refused,
  };
}
