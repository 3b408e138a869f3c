import type { APIRequestContext, Page } from '@playwright/test';
import { randomPhone } from './support/agent';
import { seriousViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { importProduct, SCALE_URL } from './support/scale-store';
import { logInAsSeller, uniqueSuffix } from './support/seller';
import { sellerApi, tillScreen, withOpenTill } from './support/till';

// The real shop's store: its till is the counter specs', these products and customers this
// spec's alone.
test.use({ baseURL: SCALE_URL });

/** Live updates reach the other screens within this (no reload). */
const LIVE = { timeout: 10_000 };

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

interface Customer {
  _id: string;
  name: string;
  phone: string;
}

/**
 * A khata customer of the test's own (a unique name and phone) with a `creditLimit` in rupees,
 * added by the seller through the API; owing `owes` rupees to start with (an adjustment).
 */
async function newCustomer(
  api: APIRequestContext,
  creditLimit: number,
  owes = 0,
): Promise<Customer> {
  const { customer } = (await ok(
    await api.post('/api/khata/customers', {
      data: { name: `Suresh ${uniqueSuffix()}`, phone: randomPhone(), creditLimit },
    }),
  )) as { customer: Customer };
  if (owes !== 0)
    await ok(
      await api.post(`/api/khata/customers/${customer._id}/adjustments`, {
        data: { amount: owes, reason: 'Opening balance from the paper khata' },
      }),
    );
  return customer;
}

/** A product of the test's own, ₹110 (₹112.20 with tax), with a fresh barcode on its pack. */
async function newProduct(name: string) {
  const barcode = `87${Date.now()}`.slice(0, 13);
  const product = { name: `${name} ${uniqueSuffix()}`, barcode };
  await importProduct(product.name, null, barcode);
  return product;
}

/** The till's day as the seller's API has it: what the drawer should hold. */
async function expectedCash(api: APIRequestContext): Promise<number> {
  const { day } = (await ok(await api.get('/api/counter/day'))) as { day: { expected: number } };
  return day.expected;
}

/**
 * On the till's Payment panel: Khata chosen, and the customer picked by typing part of their
 * phone number into the picker, which shows what they owe and their limit.
 */
async function putOnKhataOf(page: Page, customer: Customer, standing: string) {
  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByRole('radio', { name: 'Khata' }).check();
  await payment.getByLabel('Customer (name or phone)').fill(customer.phone.slice(2, 8));
  const found = payment.getByRole('list', { name: 'Customers found' });
  const row = found.getByRole('listitem').filter({ hasText: customer.name });
  await expect(row).toContainText(standing);
  await row.getByRole('button', { name: `${customer.name} · ${customer.phone}` }).click();
  const chosen = payment.getByRole('group', { name: 'Khata customer' });
  await expect(chosen).toContainText(customer.name);
  await expect(chosen).toContainText(standing);
  return { payment, chosen };
}

/** The ledger's rows on a customer's page, newest first, each entry's cells. */
const ledgerRows = (page: Page) =>
  page.getByRole('table', { name: 'Ledger, newest first' }).getByRole('row');

test.describe('the khata at the counter', () => {
  test.skip(({ isMobile }) => isMobile, 'the till and the khata are the seller’s laptop');

  test('a sale on a regular’s khata: the picker finds them by phone with their balance and limit; the finished sale says what went on the khata; their page shows the credit and the balance', async ({
    page,
  }) => {
    test.slow();
    await withOpenTill(0, async (api) => {
      const ghee = await newProduct('Cow Ghee');
      const customer = await newCustomer(api, 1000);

      const { scanner } = await tillScreen(page);
      await scanner(ghee.barcode);
      await expect(page.getByLabel(`Quantity of ${ghee.name}`)).toHaveValue('1');
      const { payment, chosen } = await putOnKhataOf(
        page,
        customer,
        'owes ₹0.00 · limit ₹1000.00, ₹1000.00 left',
      );
      await expect(payment).toContainText('On the khata: ₹112.20');
      await expect(chosen).toContainText('After this bill: owes ₹112.20');
      expect(await seriousViolations(page), 'the Counter with a khata customer').toEqual([]);
      await payment.getByRole('button', { name: /^Put on the khata/ }).click();

      const done = page.getByRole('region', { name: /^Bill \S+ recorded$/ });
      await expect(done).toContainText(`On the khata: ₹112.20 · ${customer.name}`);
      await expect(done).toContainText('Owes ₹112.20 now of a ₹1000.00 limit');
      const bill = /Bill (\S+) recorded/.exec((await done.textContent()) ?? '')?.[1];

      // The customer's page: the credit naming the bill, and what they owe now.
      await page.goto(`/seller/khata/${customer._id}`);
      await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
      await expect(page.getByRole('definition').first()).toHaveText('₹112.20');
      const rows = ledgerRows(page);
      await expect(rows).toHaveCount(2);
      expect(await seriousViolations(page), 'a customer’s khata').toEqual([]);
      await expect(rows.nth(1).getByRole('cell')).toHaveText([
        /.+/,
        `Counter bill ${bill}`,
        '+₹112.20',
        '₹112.20',
      ]);
    });
  });

  test('a split bill: ₹50 paid now in cash and the rest on the khata; the day’s expected cash moves by the ₹50', async ({
    page,
  }) => {
    test.slow();
    await withOpenTill(200, async (api) => {
      const rice = await newProduct('Sona Masoori');
      const customer = await newCustomer(api, 1000, 100);
      const before = await expectedCash(api);

      const { scanner } = await tillScreen(page);
      await scanner(rice.barcode);
      await scanner(rice.barcode);
      await expect(page.getByLabel(`Quantity of ${rice.name}`)).toHaveValue('2');
      const { payment, chosen } = await putOnKhataOf(
        page,
        customer,
        'owes ₹100.00 · limit ₹1000.00, ₹900.00 left',
      );
      // ₹220 and 2 % tax: ₹224.40, of which ₹50 now in cash.
      await payment.getByLabel(/^Paid now \(₹\)/).fill('50');
      await expect(payment).toContainText('On the khata: ₹174.40 · ₹50.00 in cash now');
      await expect(chosen).toContainText('After this bill: owes ₹274.40');
      await payment.getByRole('button', { name: /^Put on the khata/ }).click();

      const done = page.getByRole('region', { name: /^Bill \S+ recorded$/ });
      await expect(done).toContainText('₹224.40');
      await expect(done).toContainText(`On the khata: ₹174.40 · ${customer.name}`);
      await expect(done).toContainText('Paid now in cash: ₹50.00');
      await expect(done).toContainText('Owes ₹274.40 now');
      expect(await expectedCash(api)).toBeCloseTo(before + 50, 2);

      await page.goto(`/seller/khata/${customer._id}`);
      await expect(ledgerRows(page).nth(1).getByRole('cell').nth(2)).toHaveText('+₹174.40');
      await expect(ledgerRows(page).nth(1).getByRole('cell').nth(3)).toHaveText('₹274.40');
    });
  });

  test('a payment received in cash on the customer’s page: the balance drops, the ledger shows it with its running balance, the Khata list in another tab follows live, and the till expects the cash', async ({
    page,
  }) => {
    test.slow();
    await withOpenTill(0, async (api) => {
      const customer = await newCustomer(api, 1000, 300);
      const before = await expectedCash(api);

      await logInAsSeller(page);
      // Another tab on the Khata list, found by the customer's phone.
      const list = await page.context().newPage();
      await list.goto(`/seller/khata?q=${customer.phone}`);
      const listRow = list.getByRole('row', { name: new RegExp(customer.name) });
      await expect(listRow).toContainText('₹300.00');
      await expect(listRow).toContainText('0–30 days');
      expect(await seriousViolations(list), 'the Khata screen').toEqual([]);

      await page.goto(`/seller/khata/${customer._id}`);
      await expect(page.getByRole('definition').first()).toHaveText('₹300.00');
      await page.getByRole('button', { name: 'Receive payment' }).click();
      const dialog = page.getByRole('dialog', { name: `Receive payment from ${customer.name}` });
      // The whole due to start with; ₹120 of it today, in cash.
      await expect(dialog.getByLabel('Amount received (₹)')).toHaveValue('300.00');
      await dialog.getByLabel('Amount received (₹)').fill('120');
      await expect(dialog.getByRole('radio', { name: 'Cash' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await expect(dialog).toBeHidden();

      await expect(page.getByRole('definition').first()).toHaveText('₹180.00');
      const rows = ledgerRows(page);
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(1).getByRole('cell')).toHaveText([
        /.+/,
        'Payment by cash',
        '−₹120.00',
        '₹180.00',
      ]);
      await expect(rows.nth(2).getByRole('cell')).toHaveText([
        /.+/,
        /^Adjustment/,
        '+₹300.00',
        '₹300.00',
      ]);
      // The other tab heard it, without a reload.
      await expect(listRow).toContainText('₹180.00', LIVE);
      await list.close();
      expect(await expectedCash(api)).toBeCloseTo(before + 120, 2);
    });
  });

  test('the reminder: its text with the amount due, Open WhatsApp to the customer’s number with it, and the UPI link for the due when the shop has a UPI id', async ({
    page,
  }) => {
    const api = await sellerApi();
    try {
      await ok(
        await api.put('/api/shop', {
          data: { upiId: 'kirana.store@okaxis', upiName: 'Kirana Store' },
        }),
      );
      const customer = await newCustomer(api, 1000, 250);

      await logInAsSeller(page);
      await page.goto(`/seller/khata/${customer._id}`);
      await page.getByRole('button', { name: 'Remind' }).click();
      const dialog = page.getByRole('dialog', { name: `Remind ${customer.name}` });
      await expect(dialog).toContainText(`Namaste ${customer.name}`);
      await expect(dialog).toContainText('Your khata with us shows ₹250.00 due');
      expect(await seriousViolations(page), 'the reminder').toEqual([]);

      const whatsapp = dialog.getByRole('link', { name: 'Open WhatsApp' });
      await expect(whatsapp).toHaveAttribute('target', '_blank');
      const href = (await whatsapp.getAttribute('href')) ?? '';
      const prefix = `https://wa.me/91${customer.phone}?text=`;
      expect(href.startsWith(prefix), href).toBe(true);
      const text = decodeURIComponent(href.slice(prefix.length));
      expect(text).toContain('₹250.00 due');
      expect(text).toContain('Pay by UPI: upi://pay?pa=kirana.store@okaxis&');

      // The UPI link, for exactly the due, to the shop's UPI id.
      const upi = dialog.locator('code');
      await expect(upi).toHaveText(
        /^upi:\/\/pay\?pa=kirana\.store@okaxis&pn=Kirana%20Store&am=250\.00&/,
      );
      await expect(dialog.getByRole('button', { name: 'Copy the UPI link' })).toBeVisible();
    } finally {
      await api.put('/api/shop', { data: { upiId: '', upiName: '' } });
      await api.dispose();
    }
  });

  test('past the limit: a bill bigger than what is left is refused naming the limit, the bill stays, and paying part now puts the rest on the khata', async ({
    page,
    expectFailedRequest,
  }) => {
    test.slow();
    // The server refuses the bill past the customer's limit.
    expectFailedRequest('/api/counter/sales', 409);
    await withOpenTill(0, async (api) => {
      const jaggery = await newProduct('Jaggery Block');
      const customer = await newCustomer(api, 150, 50);

      const { scanner } = await tillScreen(page);
      await scanner(jaggery.barcode);
      const { payment, chosen } = await putOnKhataOf(
        page,
        customer,
        'owes ₹50.00 · limit ₹150.00, ₹100.00 left',
      );
      await expect(chosen).toContainText(
        'After this bill: owes ₹162.20 — past the limit by ₹12.20',
      );
      await payment.getByRole('button', { name: /^Put on the khata/ }).click();
      await expect(payment.getByRole('alert')).toHaveText(
        `${customer.name} owes ₹50.00 of a ₹150.00 limit: ₹100.00 is left, and this comes to ₹112.20`,
      );
      await expect(page.getByRole('region', { name: /recorded$/ })).toHaveCount(0);
      await expect(page.getByLabel(`Quantity of ${jaggery.name}`)).toHaveValue('1');

      // ₹20 now in cash leaves ₹92.20 for the khata, within the limit.
      await payment.getByLabel(/^Paid now \(₹\)/).fill('20');
      await expect(payment.getByRole('alert')).toHaveCount(0);
      await payment.getByRole('button', { name: /^Put on the khata/ }).click();
      const done = page.getByRole('region', { name: /^Bill \S+ recorded$/ });
      await expect(done).toContainText(`On the khata: ₹92.20 · ${customer.name}`);
      await expect(done).toContainText('Owes ₹142.20 now of a ₹150.00 limit');
    });
  });
});
