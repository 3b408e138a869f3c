import { orderNumber } from '@kirana/shared';
import { devices, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  createAgent,
  deliverWithPin,
  logInAsAgent,
  orderCard,
  type PlacedOrder,
} from './support/agent';
import { expect, test } from './support/fixtures';
import { logInAsSeller, solidPng, uniqueSuffix } from './support/seller';
import { addAddressViaApi, newShopper, signUpViaApi } from './support/shopper';

// Far below the 30 s polling: only the live stream can make a screen change this fast.
const LIVE = { timeout: 5_000 };

test.skip(({ isMobile }) => isMobile, 'the seller screens are for the counter and laptops');

/** Uncaught errors in the extra contexts' pages (the fixture watches only `page`'s). */
let uncaught: string[] = [];
test.beforeEach(() => {
  uncaught = [];
});
test.afterEach(() => {
  expect(uncaught, 'uncaught errors in the seller and agent pages').toEqual([]);
});

/** A browser context of its own: the counter's laptop or an agent's phone. */
async function openContext(browser: Browser, testInfo: TestInfo, phone: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    ...(phone
      ? { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }
      : { viewport: { width: 1280, height: 800 } }),
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => uncaught.push(error.message));
  return page;
}

/** The connection indicator of an order screen says the stream is up. */
async function expectLive(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
}

/** The seller adds a fruit named `name` through the API, as Add Product does; answers its id. */
async function addFruit(seller: Page, name: string): Promise<{ _id: string }> {
  const added = await seller.request.post('/api/product/add', {
    multipart: {
      productData: JSON.stringify({
        name,
        category: 'Fruits',
        description: 'In season',
        price: 80,
        offerPrice: 70,
      }),
      images: { name: 'fruit.png', mimeType: 'image/png', buffer: solidPng([120, 200, 80]) },
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return ((await added.json()) as { product: { _id: string } }).product;
}

test('an order goes live from shopper to seller and agent and back, step by step, without a reload', async ({
  page,
  browser,
}, testInfo) => {
  const seller = await openContext(browser, testInfo, false);
  await logInAsSeller(seller);
  await seller.goto('/seller/orders');
  await expectLive(seller);

  const agentAccount = await createAgent(testInfo, 'Live');
  const agent = await openContext(browser, testInfo, true);
  await logInAsAgent(agent, agentAccount);
  await expectLive(agent);

  // The shopper orders cash on delivery from the cart.
  await signUpViaApi(page, newShopper(testInfo));
  await addAddressViaApi(page);
  await page.goto('/products/vegetables');
  await page.getByRole('button', { name: 'Add Carrot to cart' }).click();
  await page.goto('/cart');
  await page
    .getByRole('region', { name: 'Order Summary' })
    .getByRole('button', { name: 'Place Order' })
    .click();
  await expect(page).toHaveURL('/my-orders');
  await expectLive(page);
  const { orders } = (await (await page.request.get('/api/order/user')).json()) as {
    orders: { _id: string; amount: number }[];
  };
  const placed = orders[0]!;

  // One order number in every app: the shopper's, the counter's and the agent's phone.
  const number = `#${orderNumber(placed._id)}`;
  const sellerCard = seller.getByRole('article', { name: `Order ${number}` });
  await expect(sellerCard).toBeVisible(LIVE);
  const agentCard = orderCard(agent, { number } as PlacedOrder);
  await expect(agentCard).toBeVisible(LIVE);
  const shopperCard = page.getByRole('article', { name: `Order ${number}` });
  const currentStep = shopperCard
    .getByRole('list', { name: 'Delivery progress' })
    .locator('[aria-current="step"]');
  await expect(currentStep).toHaveText(/Pending/);

  await agentCard.getByRole('button', { name: 'Accept' }).tap();
  await expect(sellerCard.getByRole('region', { name: 'Delivery agent' })).toContainText(
    agentAccount.name,
    LIVE,
  );

  await agentCard.getByRole('button', { name: 'Mark Picked' }).tap();
  await expect(currentStep).toHaveText(/Picked/, LIVE);
  await expect(sellerCard.getByText('Picked', { exact: true })).toBeVisible(LIVE);

  await agentCard.getByRole('button', { name: /^Collect cash/ }).tap();
  await agent
    .getByRole('dialog', { name: /^Did you take/ })
    .getByRole('button', { name: /^Yes, I took/ })
    .tap();
  await expect(shopperCard.getByText('COD · Paid')).toBeVisible(LIVE);

  // At the door the shopper reads out the delivery PIN from My Orders; the agent enters it.
  const pinLine = shopperCard.getByText(/^Delivery PIN \d{4}$/);
  const pin = (await pinLine.textContent())!.replace(/\D/g, '');
  await deliverWithPin(agent, agentCard, pin);
  await expect(currentStep).toHaveText(/Delivered/, LIVE);
  await expect(pinLine).toHaveCount(0, LIVE);
  await expect(sellerCard.getByText('Delivered', { exact: true })).toBeVisible(LIVE);
});

test('a product the seller switches out of stock leaves the open storefront without a reload', async ({
  page,
  browser,
}, testInfo) => {
  const seller = await openContext(browser, testInfo, false);
  await logInAsSeller(seller);
  const name = `Live Guava ${uniqueSuffix()}`;
  await addFruit(seller, name);

  await page.goto('/products/fruits');
  const shelf = page.getByRole('article').getByRole('heading', { level: 3, name });
  await expect(shelf).toBeVisible();

  await seller.goto(`/seller/product-list?q=${encodeURIComponent(name)}`);
  await seller
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('switch', { name: `${name} in stock` })
    .click();
  await expect(shelf).toHaveCount(0, LIVE);
});

test('the seller edits a product’s name and offer price, and archives it: the open storefront follows without a reload', async ({
  page,
  browser,
}, testInfo) => {
  const seller = await openContext(browser, testInfo, false);
  await logInAsSeller(seller);
  const name = `Edited Lychee ${uniqueSuffix()}`;
  await addFruit(seller, name);

  await page.goto('/products/fruits');
  const card = page.getByRole('article', { name, exact: true });
  await expect(card).toContainText('Rs 70.00');

  const list = `/seller/product-list?q=${encodeURIComponent(name)}`;
  await seller.goto(list);
  await seller.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(seller.getByRole('heading', { level: 1, name: 'Edit product' })).toBeVisible();
  await expect(seller.getByLabel('Product name')).toHaveValue(name);
  // Its picture is kept unless replaced.
  await expect(
    seller.getByText('Product image 1: the current picture. Choose another'),
  ).toBeAttached();
  // The server's rule, said before sending: the offer never above the price.
  await seller.getByLabel('Offer price (₹)').fill('95');
  await seller.getByRole('button', { name: 'Save changes' }).click();
  await expect(seller.getByText('Offer price must not exceed price')).toBeVisible();
  const renamed = `${name} (Muzaffarpur)`;
  await seller.getByLabel('Product name').fill(renamed);
  await seller.getByLabel('Offer price (₹)').fill('65');
  await seller.getByRole('button', { name: 'Save changes' }).click();
  await expect(seller.getByText('Product Updated')).toBeVisible();
  // Back to the list as it was left.
  await expect(seller).toHaveURL(list);

  const edited = page.getByRole('article', { name: renamed, exact: true });
  await expect(edited).toContainText('Rs 65.00', LIVE);
  await expect(card).toHaveCount(0);

  const row = seller.getByRole('row').filter({ hasText: renamed });
  await row.getByRole('button', { name: `Archive ${renamed}` }).click();
  const dialog = seller.getByRole('dialog', { name: 'Archive product' });
  await expect(dialog).toContainText(`Archive ${renamed}?`);
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(seller.getByText('Product Archived')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(edited).toHaveCount(0, LIVE);
  // For good: gone after a reload too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: renamed, exact: true })).toHaveCount(0);
});

test('the seller counts a product’s units; the order that takes the last ones takes it off the open storefront, and the count reads 0 at the counter', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const seller = await openContext(browser, testInfo, false);
  await logInAsSeller(seller);
  const name = `Counted Jamun ${uniqueSuffix()}`;
  const product = await addFruit(seller, name);

  // At the counter: 3 units, which is low.
  await seller.goto(`/seller/product-list?q=${encodeURIComponent(name)}`);
  const row = seller.getByRole('row').filter({ hasText: name });
  const units = row.getByRole('spinbutton', { name: `${name}: units left to sell` });
  await expect(units).toHaveValue('');
  // A count that is not one is refused beside the field, and nothing is sent.
  await units.fill('2.5');
  await row.getByRole('button', { name: `Save units of ${name}` }).click();
  await expect(row.getByRole('alert')).toHaveText('Enter whole units, such as 12');
  await expect(units).toHaveAttribute('aria-invalid', 'true');
  await units.fill('3');
  await row.getByRole('button', { name: `Save units of ${name}` }).click();
  await expect(seller.getByText('Stock Updated')).toBeVisible();
  await expect(row.getByText('Low stock')).toBeVisible();

  await page.goto('/products/fruits');
  const shelf = page.getByRole('article').getByRole('heading', { level: 3, name });
  await expect(shelf).toBeVisible();

  // Another shopper buys all three: the product leaves the open storefront and the counter.
  const shopper = newShopper(testInfo);
  const registered = await request.post('/api/user/register', { data: shopper });
  expect(registered.ok(), await registered.text()).toBe(true);
  const address = await request.post('/api/address/add', {
    data: {
      address: {
        firstName: 'Ira',
        lastName: 'Sen',
        email: shopper.email,
        street: '4 Lake Road',
        city: 'Kolkata',
        state: 'West Bengal',
        zipcode: '700029',
        country: 'India',
        phone: '9830012345',
      },
    },
  });
  const addressId = ((await address.json()) as { address: { _id: string } }).address._id;
  const placed = await request.post('/api/order/cod', {
    data: { items: [{ product: product._id, quantity: 3 }], address: addressId },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  await expect(shelf).toHaveCount(0, LIVE);
  await expect(units).toHaveValue('0', LIVE);
  await expect(row.getByRole('switch', { name: `${name} in stock` })).not.toBeChecked();

  // One more is a clear refusal.
  const refused = await request.post('/api/order/cod', {
    data: { items: [{ product: product._id, quantity: 1 }], address: addressId },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({
    success: false,
    message: `${name} is out of stock`,
    code: 'OUT_OF_STOCK',
  });
});
