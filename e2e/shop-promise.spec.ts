import { devices, type Browser, type Page, type TestInfo } from '@playwright/test';
import { orderNumber, SPEC_SHOP_SETTINGS } from '@kirana/shared';
import { createAgent, pairPhone } from './support/agent';
import { expect, test } from './support/fixtures';
import { logInAsSeller, setShop, toast } from './support/seller';
import { ADDRESS, fillAddressForm, newShopper, signUpViaApi } from './support/shopper';

// Far below the 30 s catch-up: only the live stream can change a screen this fast.
const LIVE = { timeout: 5_000 };

/** A shopper's phone: a browser context of its own, signed up, with errors recorded. */
async function shopperPhone(
  browser: Browser,
  testInfo: TestInfo,
  errors: string[],
  timezoneId?: string,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    timezoneId,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signUpViaApi(page, newShopper(testInfo));
  return page;
}

/** The first product in stock, put in the page's cart through the API; answers its id. */
async function cartOfOne(page: Page): Promise<string> {
  const list = await page.request.get('/api/product/list');
  const { products } = (await list.json()) as { products: { _id: string; inStock: boolean }[] };
  const product = products.find((each) => each.inStock);
  expect(product, 'the demo catalogue has a product in stock').toBeDefined();
  const saved = await page.request.post('/api/cart/update', {
    data: { cartItems: { [product!._id]: 1 } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return product!._id;
}

/** An order of one product in stock, to the saved ADDRESS, cash on delivery; answers its id. */
async function placeOrderOfOne(page: Page): Promise<string> {
  const productId = await cartOfOne(page);
  const address = await page.request.post('/api/address/add', { data: { address: ADDRESS } });
  const { address: saved } = (await address.json()) as { address: { _id: string } };
  const placed = await page.request.post('/api/order/cod', {
    data: { items: [{ product: productId, quantity: 1 }], address: saved._id },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return ((await placed.json()) as { orderId: string }).orderId;
}

test.describe('the shop’s promise: open or closed, where it delivers, who brings the order and when', () => {
  test.skip(({ isMobile }) => isMobile, 'the seller screens are for the counter and laptops');

  let phoneErrors: string[] = [];
  test.beforeEach(() => {
    phoneErrors = [];
  });
  // Playwright reads a hook's fixtures from its first parameter, so none is `{}`.
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo) => {
    // Whatever happened, the next test finds the spec's shop.
    await setShop(testInfo, SPEC_SHOP_SETTINGS);
    expect(phoneErrors, 'uncaught errors on the shopper’s phone').toEqual([]);
  });

  test('the seller pauses the shop and an open storefront says it is closed at once; reopening clears it', async ({
    page,
    browser,
  }, testInfo) => {
    const phone = await shopperPhone(browser, testInfo, phoneErrors);
    await phone.goto('/');
    await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(phone.getByText(/^Closed now/)).toHaveCount(0);

    await logInAsSeller(page);
    await page
      .getByRole('navigation', { name: 'Seller' })
      .getByRole('link', { name: 'Shop' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await expect(page.getByText('Open now')).toBeVisible();
    await page
      .getByRole('group', { name: 'Pause new orders for' })
      .getByRole('button', { name: '15 min' })
      .click();
    await expect(toast(page, 'Shop settings saved')).toBeVisible();
    await expect(page.getByText(/^Closed now — opens at \d{1,2}:\d{2} (am|pm)$/)).toBeVisible();

    const closed = phone
      .getByRole('status')
      .filter({ hasText: /^Closed now — opens at \d{1,2}:\d{2} (am|pm)$/ });
    await expect(closed).toBeVisible(LIVE);

    await page.getByRole('button', { name: 'Reopen now' }).click();
    await expect(page.getByText('Open now')).toBeVisible();
    await expect(closed).toHaveCount(0, LIVE);
    await phone.context().close();
  });

  test('the seller sets the same hours on every day in one go, copies a day to others, and reads the week at a glance', async ({
    page,
  }) => {
    await logInAsSeller(page);
    await page.goto('/seller/shop');
    const week = page.getByRole('table', { name: 'The week at a glance' });
    const day = (name: string) => week.getByRole('row', { name: new RegExp(`^${name}`) });
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    await expect(day('Sunday')).toContainText('24 hours');

    const sameHours = page.getByRole('group', { name: 'Same hours on several days' });
    await sameHours.getByLabel('From').fill('09:00');
    await sameHours.getByLabel('To').fill('21:00');
    await sameHours.getByRole('button', { name: 'Every day' }).click();
    for (const name of days) await expect(day(name)).toContainText('9:00 am – 9:00 pm');
    const openingHours = page.getByRole('group', { name: 'Opening hours' });
    await expect(openingHours.getByRole('button', { name: /^Remove/ })).toHaveCount(7);

    // Sunday off, then Monday's hours copied back to it, by keyboard.
    await page.getByRole('button', { name: 'Remove Sunday’s opening' }).click();
    await expect(day('Sunday')).toContainText('Closed');
    const copy = page.getByRole('group', { name: 'Copy a day’s hours' });
    await copy.getByLabel('Copy').selectOption({ label: 'Monday' });
    await copy.getByRole('checkbox', { name: 'Sunday' }).press('Space');
    await copy.getByRole('button', { name: 'Copy hours' }).click();
    await expect(day('Sunday')).toContainText('9:00 am – 9:00 pm');

    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, 'Shop settings saved')).toBeVisible();
    await page.reload();
    for (const name of days) await expect(day(name)).toContainText('9:00 am – 9:00 pm');
  });

  test('a shopper whose address is outside the delivery area is told on the address form and in the cart', async ({
    page,
    browser,
  }, testInfo) => {
    await logInAsSeller(page);
    await page.goto('/seller/shop');
    const zipcodes = page.getByLabel('PIN codes the shop delivers to');
    // A PIN code mistyped is named under the field, which gets the focus; nothing is saved.
    await zipcodes.fill('411001, 41100');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(zipcodes).toBeFocused();
    await expect(zipcodes).toHaveAccessibleDescription(
      /41100: a PIN code is six digits, e.g. 411001$/,
    );
    await zipcodes.fill('411001, 411002');
    await expect(zipcodes).not.toHaveAttribute('aria-invalid');
    // An opening that closes when it opens: its row is named and gets the focus.
    await page.getByRole('button', { name: 'Add opening hours' }).click();
    await page.getByLabel('Closes').last().fill('07:00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const opens = page.getByLabel('Opens').last();
    await expect(opens).toBeFocused();
    await expect(opens).toHaveAccessibleDescription(
      /^Opening hours: each closes at another time than it opens/,
    );
    // The opening's own Remove: the scale labels' rows have theirs too.
    await page
      .getByRole('group', { name: 'Opening hours' })
      .getByRole('button', { name: /^Remove/ })
      .last()
      .click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, 'Shop settings saved')).toBeVisible();

    const phone = await shopperPhone(browser, testInfo, phoneErrors);
    await cartOfOne(phone);
    await phone.goto('/add-address');
    await fillAddressForm(phone);
    const pin = phone.getByLabel('PIN code');
    await pin.fill('411002');
    await expect(pin).toHaveAccessibleDescription('We deliver to 411002');
    await pin.fill('560001');
    await expect(pin).toHaveAccessibleDescription(
      "We don't deliver to 560001 yet — we deliver to 411001, 411002",
    );
    await phone.getByRole('button', { name: 'Save address' }).click();

    await expect(phone).toHaveURL(/\/cart$/);
    const summary = phone.getByRole('region', { name: 'Order Summary' });
    await expect(
      summary.getByText("We don't deliver to 560001 yet — we deliver to 411001, 411002"),
    ).toBeVisible();
    const placeOrder = summary.getByRole('button', { name: 'Place Order' });
    await expect(placeOrder).toBeDisabled();
    await expect(placeOrder).toHaveAccessibleDescription(
      "We don't deliver to 560001 yet — we deliver to 411001, 411002",
    );
    await phone.context().close();
  });

  test('after an agent accepts, the shopper’s phone shows who brings the order, a call link and the arrival time, live', async ({
    browser,
  }, testInfo) => {
    const phone = await shopperPhone(browser, testInfo, phoneErrors);
    const orderId = await placeOrderOfOne(phone);

    await phone.goto('/my-orders');
    const card = phone.getByRole('article').first();
    await expect(card.getByText(/^Arrives by \d{1,2}:\d{2} (am|pm)( tomorrow)?$/)).toBeVisible();
    await expect(card.getByRole('link', { name: /^Call / })).toHaveCount(0);
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();

    // The agent accepts on their own phone (its API, as the app does).
    const agent = await createAgent(testInfo, 'Meena');
    const agentContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const agentPhone = await agentContext.newPage();
    await pairPhone(agentPhone, agent);
    expect(
      (await agentPhone.request.post('/api/agents/login', { data: { phone: agent.phone } })).ok(),
    ).toBe(true);
    const accepted = await agentPhone.request.post('/api/agents/accept', { data: { orderId } });
    expect(accepted.ok(), await accepted.text()).toBe(true);

    await expect(card.getByText(`${agent.name} is bringing your order`)).toBeVisible(LIVE);
    // The badge says so too; the progress bar keeps its three steps, still at the first.
    await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toHaveCount(0);
    const progress = card.getByRole('list', { name: 'Delivery progress' });
    await expect(progress.getByRole('listitem')).toHaveText([/Pending/, /Picked/, /Delivered/]);
    await expect(progress.locator('[aria-current="step"]')).toHaveText(/Pending/);
    await expect(card.getByRole('link', { name: `Call ${agent.name}` })).toHaveAttribute(
      'href',
      `tel:${agent.phone}`,
    );
    await expect(card.getByText(/^Arrives by \d{1,2}:\d{2} (am|pm)( tomorrow)?$/)).toBeVisible();
    await agentContext.close();
    await phone.context().close();
  });
  test('a shopper and a seller whose browsers are in New York read every time on the shop’s clock', async ({
    browser,
  }, testInfo) => {
    const phone = await shopperPhone(browser, testInfo, phoneErrors, 'America/New_York');
    const orderId = await placeOrderOfOne(phone);
    const { shop } = (await (await phone.request.get('/api/shop')).json()) as {
      shop: { timeZone: string };
    };
    const { orders } = (await (await phone.request.get('/api/order/user')).json()) as {
      orders: { _id: string; createdAt: string; promisedAt: string }[];
    };
    const order = orders.find((each) => each._id === orderId)!;
    // The shop's zone is India's (UTC+5:30), never New York's: the two clocks always differ.
    expect(shop.timeZone).not.toBe('America/New_York');
    const onShopClock = (iso: string, date: boolean) =>
      new Intl.DateTimeFormat('en-IN', {
        timeZone: shop.timeZone,
        ...(date && { day: 'numeric', month: 'short', year: 'numeric' }),
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      }).format(new Date(iso));

    await phone.goto('/my-orders');
    const card = phone.getByRole('article', { name: `Order #${orderNumber(orderId)}` });
    await expect(card.getByRole('time').first()).toHaveText(onShopClock(order.createdAt, true));
    await expect(card.getByText(/^Arrives by /)).toHaveText(
      new RegExp(`^Arrives by ${onShopClock(order.promisedAt, false)}( tomorrow)?$`),
    );

    const laptop = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      timezoneId: 'America/New_York',
    });
    const seller = await laptop.newPage();
    await logInAsSeller(seller);
    await seller.goto('/seller/orders');
    const sellerCard = seller.getByRole('article', { name: `Order #${orderNumber(orderId)}` });
    await expect(sellerCard.getByRole('time').first()).toHaveText(
      onShopClock(order.createdAt, true),
    );
    await laptop.close();
    await phone.context().close();
  });
});
