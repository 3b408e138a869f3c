import { orderNumber } from '@kirana/shared';
import { randomInt, randomUUID } from 'node:crypto';
import {
  expect,
  test,
  request as playwrightRequest,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { inEnglish, type Say } from './agent-texts';

/** The dev/test seller account, used when SELLER_EMAIL / SELLER_PASSWORD are unset. */
const SELLER = { email: 'admin@kirana.local', password: 'kirana-admin' };

/** The toast with `text` (notistack shows each in a #notistack-snackbar element). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('#notistack-snackbar').filter({ hasText: text });
}

/** A phone number no other test uses: 10 digits starting with 9, as Indian mobiles do. */
export function randomPhone(): string {
  return `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

async function ok(response: APIResponse): Promise<unknown> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A cookie jar of its own against the test server, thrown away after `use`. */
async function withApi<T>(
  testInfo: TestInfo,
  use: (api: Awaited<ReturnType<typeof playwrightRequest.newContext>>) => Promise<T>,
): Promise<T> {
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    return await use(api);
  } finally {
    await api.dispose();
  }
}

export interface TestAgent {
  _id: string;
  name: string;
  phone: string;
}

/** The unpaired phone's refusal, and what the agent app says to do about it. */
export const NOT_PAIRED = 'This phone is not paired with the shop. Ask the shop for an invite.';

/**
 * The seller's one-time invite for `agent`'s phone, made through the API as the Agents screen
 * makes it (revoking the agent's earlier phones and invites).
 */
export function inviteAgent(agent: TestAgent): Promise<{ url: string; code: string }> {
  return withApi(test.info(), async (api) => {
    await ok(await api.post('/api/seller/login', { data: SELLER }));
    return (await ok(await api.post(`/api/agents/${agent._id}/invite`))) as {
      url: string;
      code: string;
    };
  });
}

/**
 * Pairs the phone of `page` with `agent` through the API, as opening the shop's invite link
 * there does: the device cookie lands in the page's browser context.
 */
export async function pairPhone(page: Page, agent: TestAgent): Promise<void> {
  const { code } = await inviteAgent(agent);
  await ok(await page.request.post('/api/agents/pair', { data: { code } }));
}

/** A new delivery agent with a fresh phone number, added by the seller through the API. */
export function createAgent(testInfo: TestInfo, name = 'Ravi'): Promise<TestAgent> {
  return withApi(testInfo, async (api) => {
    await ok(await api.post('/api/seller/login', { data: SELLER }));
    const phone = randomPhone();
    const fullName = `${name} ${randomUUID().slice(0, 4)}`;
    const body = (await ok(
      await api.post('/api/agents/create', { data: { name: fullName, phone } }),
    )) as { agent: TestAgent };
    return body.agent;
  });
}

export interface PlacedOrder {
  id: string;
  /** What the card's heading shows: '#' and the id's last six characters, upper case. */
  number: string;
  amount: number;
  customer: string;
  street: string;
  phone: string;
  items: { name: string; quantity: number }[];
  /** The delivery PIN its shopper sees in My Orders (the e2e server asks for it). */
  pin: string;
}

/**
 * A new shopper places a cash-on-delivery order of two in-stock products (2 × and 1 ×) through
 * the API, in a cookie jar of its own; answers what the agent should see.
 */
export function placeCodOrder(testInfo: TestInfo): Promise<PlacedOrder> {
  return withApi(testInfo, async (api) => {
    const suffix = randomUUID().slice(0, 8);
    const email = `agent-e2e-${suffix}@example.com`;
    await ok(
      await api.post('/api/user/register', {
        data: { name: `Kavya ${suffix}`, email, password: 'fresh-veggies-8' },
      }),
    );
    const address = {
      firstName: 'Kavya',
      lastName: `Nair ${suffix.slice(0, 4)}`,
      email,
      street: `${suffix.slice(0, 3)} Residency Road`,
      city: 'Bengaluru',
      state: 'Karnataka',
      zipcode: '560025',
      country: 'India',
      phone: randomPhone(),
    };
    const saved = (await ok(await api.post('/api/address/add', { data: { address } }))) as {
      address: { _id: string };
    };

    const { products } = (await ok(await api.get('/api/product/list'))) as {
      products: { _id: string; name: string; inStock: boolean }[];
    };
    const [first, second] = products.filter((product) => product.inStock);
    expect(second, 'the demo catalogue has two products in stock').toBeDefined();
    const lines = [
      { product: first!, quantity: 2 },
      { product: second!, quantity: 1 },
    ];
    await ok(
      await api.post('/api/order/cod', {
        data: {
          items: lines.map(({ product, quantity }) => ({ product: product._id, quantity })),
          address: saved.address._id,
        },
      }),
    );

    const { orders } = (await ok(await api.get('/api/order/user'))) as {
      orders: { _id: string; amount: number; deliveryPin: string }[];
    };
    const order = orders[0]!;
    return {
      id: order._id,
      number: `#${orderNumber(order._id)}`,
      amount: order.amount,
      customer: `${address.firstName} ${address.lastName}`,
      street: address.street,
      phone: address.phone,
      items: lines.map(({ product, quantity }) => ({ name: product.name, quantity })),
      pin: order.deliveryPin,
    };
  });
}

/**
 * The Delivered step of the order on `card`, which asks for its customer's delivery PIN: the
 * agent taps the digits on the PIN pad and confirms.
 */
export async function deliverWithPin(
  page: Page,
  card: Locator,
  pin: string,
  say: Say = inEnglish,
): Promise<void> {
  await card.getByRole('button', { name: say('Mark Delivered') }).tap();
  const pad = page.getByRole('dialog');
  await expect(pad).toBeVisible();
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).tap();
  await expect(pad.getByLabel(say('Delivery PIN'))).toHaveValue(pin);
  await pad.getByRole('button', { name: say('Mark Delivered') }).tap();
  await expect(pad).toHaveCount(0);
}

/** The order's card on the agent's screen, found by its number. */
export function orderCard(page: Page, order: PlacedOrder, say: Say = inEnglish) {
  return page.getByRole('article', { name: `${say('Order')} ${order.number}` });
}

/** '₹123.40', as order screens show amounts. */
export const rupees = (amount: number) => `₹${amount.toFixed(2)}`;

/**
 * Marks the paid order on `card` Delivered with its `pin`: it leaves the active list and shows under Delivered
 * Orders as delivered and paid, with nothing left to tap.
 */
export async function deliverAndFindUnderDelivered(
  page: Page,
  card: Locator,
  pin: string,
  say: Say = inEnglish,
): Promise<void> {
  await deliverWithPin(page, card, pin, say);
  const status = say('Delivered');
  await expect(toast(page, say('Order status updated to {status}', { status }))).toBeVisible();
  await expect(card).toHaveCount(0);
  await page
    .getByRole('navigation', { name: say('Agent screens') })
    .getByRole('link', { name: say('Delivered Orders') })
    .tap();
  await expect(page).toHaveURL('/agents/delivered');
  await expect(
    page.getByRole('heading', { level: 1, name: say('Delivered Orders') }),
  ).toBeVisible();
  await expect(card.getByText(status, { exact: true })).toBeVisible();
  await expect(card.getByText(say('Paid'), { exact: true })).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
}

/**
 * Pairs the phone of `page` with the agent (through the API), then logs in through the phone
 * field at /agents and waits for the greeting.
 */
export async function logInAsAgent(
  page: Page,
  agent: TestAgent,
  say: Say = inEnglish,
): Promise<void> {
  await pairPhone(page, agent);
  await page.goto('/agents');
  await page.getByLabel(say('Phone number')).fill(agent.phone);
  await page.getByRole('button', { name: say('Login'), exact: true }).tap();
  await expect(
    page.getByRole('banner').getByText(say('Hi, {name}', { name: agent.name })),
  ).toBeVisible();
}

/**
 * Another phone: a browser context of its own with the phone project's settings, whose page
 * records console errors but the start-up check's 401 (the `page` fixture's check covers only
 * the test's own page).
 */
export async function anotherPhone(
  browser: Browser,
  testInfo: TestInfo,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } =
    testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    const url = message.location().url;
    // A logged-out start: `GET /api/agents/is-auth` answers 401, which the browser logs.
    if (message.type() !== 'error' || url.endsWith('/api/agents/is-auth')) return;
    errors.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { context, page, errors };
}

/**
 * Taps Collect cash on the order's `card` and confirms, in the dialog that asks once with the
 * amount, that the cash was taken.
 */
export async function collectCash(
  page: Page,
  card: Locator,
  amount: number,
  say: Say = inEnglish,
): Promise<void> {
  await card.getByRole('button', { name: `${say('Collect cash')} ${rupees(amount)}` }).tap();
  const ask = page.getByRole('dialog', {
    name: say('Did you take {amount} in cash?', { amount: rupees(amount) }),
  });
  await ask
    .getByRole('button', { name: say('Yes, I took {amount}', { amount: rupees(amount) }) })
    .tap();
}
