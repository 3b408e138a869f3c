import { SPEC_SHOP_CONTACT } from '@kirana/shared';
import {
  devices,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { waitForAppOnLoad } from './app-started';

/** The title of the frame the sandbox's checkout.js lays over the page. */
export const SANDBOX_FRAME_TITLE = 'Test payment (sandbox)';

/** What the sandbox answers for a payment failed on purpose ('Fail payment'). */
export const SANDBOX_FAILURE = 'Your payment was declined by the bank (sandbox test payment).';

/** The shop's name as Checkout is told it: a new store's (specs that rename it name it back). */
export const STORE_NAME = SPEC_SHOP_CONTACT.name;

/** The sandbox checkout's frame element over the page (to see whether it is open). */
export function sandboxFrame(page: Page) {
  return page.getByTitle(SANDBOX_FRAME_TITLE);
}

/** Inside the sandbox checkout: its pay page, pay.html. */
export function sandboxCheckout(page: Page) {
  return page.frameLocator(`iframe[title="${SANDBOX_FRAME_TITLE}"]`);
}

/** An amount in rupees as the sandbox's pay page shows it: '₹1,234.50' (Indian grouping). */
export function sandboxRupees(rupees: number): string {
  const amount = rupees.toLocaleString('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `₹${amount}`;
}

/**
 * Waits for the sandbox checkout to show `amount` (rupees) for the store, with both of its
 * buttons ready; answers the description Checkout was opened with (e.g. 'Order #1A2B3C4D').
 */
export async function expectSandboxCheckout(page: Page, amount: number): Promise<string> {
  const checkout = sandboxCheckout(page);
  await expect(sandboxFrame(page)).toBeVisible();
  await expect(checkout.getByRole('dialog', { name: STORE_NAME })).toBeVisible();
  await expect(checkout.getByRole('heading', { level: 1, name: STORE_NAME })).toBeVisible();
  await expect(checkout.getByText(sandboxRupees(amount), { exact: true })).toBeVisible();
  await expect(
    checkout.getByRole('button', { name: `Pay ${sandboxRupees(amount)}` }),
  ).toBeEnabled();
  await expect(checkout.getByRole('button', { name: 'Fail payment' })).toBeEnabled();
  const description = checkout.getByText(/^Order #[0-9A-F]+$/);
  await expect(description).toBeVisible();
  return (await description.textContent())!;
}

/**
 * A laptop: a browser context of its own at a laptop's size (for the seller's counter screens),
 * whose page records console errors but a logged-out start's 401 from `/api/<role>/is-auth`
 * (the `page` fixture's check covers only the test's own page).
 */
export async function aLaptop(
  browser: Browser,
  testInfo: TestInfo,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // Every setting said: a context made in a test starts from the project's (a phone's).
  const { defaultBrowserType: _browser, ...desktop } = devices['Desktop Chrome'];
  const context = await browser.newContext({
    ...desktop,
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const page = waitForAppOnLoad(await context.newPage());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    const loggedOutCheck =
      message.text().includes('status of 401 ') &&
      /^\/api\/(seller|agents)\/is-auth$/.test(new URL(url).pathname);
    if (!loggedOutCheck) errors.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { context, page, errors };
}
