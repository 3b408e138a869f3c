import type { APIRequestContext, Page } from '@playwright/test';
import { ean13CheckDigit } from '@kirana/shared';
import { randomPhone } from './support/agent';
import { expect, test } from './support/fixtures';
import { importLooseProduct, importProduct, SCALE_URL } from './support/scale-store';
import { uniqueSuffix } from './support/seller';
import { tillScreen, withOpenTill } from './support/till';

// The real shop's store: its till is the counter specs', these products and customer this spec's
// alone.
test.use({ baseURL: SCALE_URL });

/** Live updates reach the other screens within this (no reload). */
const LIVE = { timeout: 15_000 };

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** The label a shop's scale prints for `grams` of the product with `scaleCode` (prefix 21). */
function scaleLabel(scaleCode: string, grams: number) {
  const digits = `21${scaleCode}${String(grams).padStart(5, '0')}`;
  return `${digits}${ean13CheckDigit(digits)}`;
}

/** The bill kept on this counter just now: its number as its receipt prints it. */
async function keptBill(page: Page): Promise<string> {
  const done = page.getByRole('region', { name: /^Bill \S+ kept on this counter$/ });
  await expect(done).toBeVisible();
  const number = /Bill (\S+) kept/.exec((await done.textContent()) ?? '')?.[1];
  expect(number).toMatch(/(^|\/)C\d+\/\d\d-\d\d\/\d+$/);
  return number!;
}

test.describe('the till without a connection', () => {
  test.skip(({ isMobile }) => isMobile, 'the till is the seller’s laptop or counter PC');

  test('the connection drops mid-day: 20 sales (scanned, weighed, a scale label, one on the khata) are kept through two reloads, each recorded once with its receipt’s number when it is back, and the storefront’s count drops live', async ({
    page,
    context,
    browser,
    expectOffline,
  }) => {
    test.slow();
    expectOffline();
    await withOpenTill(0, async (api) => {
      const suffix = uniqueSuffix();
      const now = Date.now();
      const ladoo = { name: `Motichoor Ladoo ${suffix}`, barcode: `894${now}`.slice(0, 13) };
      const onion = {
        name: `Onion ${suffix}`,
        barcode: `895${now}`.slice(0, 13),
        scaleCode: String(now % 100_000).padStart(5, '0'),
      };
      // ₹110 each, 18 counted; onions ₹40 a kilo, 5 kg counted.
      const ladooId = await importProduct(ladoo.name, 18, ladoo.barcode);
      await importLooseProduct(onion.name, { offerPrice: 40, grams: 5000, ...onion });
      const { customer } = (await ok(
        await api.post('/api/khata/customers', {
          data: { name: `Savita ${suffix}`, phone: randomPhone(), creditLimit: 1000 },
        }),
      )) as { customer: { _id: string; name: string; phone: string } };

      // A shopper's phone on the ladoos' page, on a network of its own.
      const phone = await browser.newPage({
        baseURL: SCALE_URL,
        viewport: { width: 390, height: 844 },
      });
      try {
        await phone.goto(`/products/bakery/${ladooId}`);
        await expect(phone.getByRole('heading', { level: 1, name: ladoo.name })).toBeVisible();

        const { scan, scanner } = await tillScreen(page);
        // The whole catalogue kept on this counter, and the seller area's worker ready to open it
        // without the server.
        await expect(
          page.getByText(/products kept on this counter for selling offline/),
        ).toBeVisible({ timeout: 60_000 });
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });

        await context.setOffline(true);
        const numbers: string[] = [];
        const offlineLine = page.getByText(/^Offline — bills are kept on this counter/);
        for (let sale = 1; sale <= 20; sale += 1) {
          if (sale === 8 || sale === 15) {
            // The counter PC's tab reloaded: the Counter opens again without the server.
            await page.reload();
            await expect(page.getByRole('heading', { level: 1, name: 'Counter' })).toBeVisible();
            await expect(offlineLine).toContainText(`${numbers.length} bills waiting`);
            await expect(scan).toBeFocused();
          }
          if (sale % 5 === 0) {
            // Onions from the crate, weighed and typed.
            await scanner(onion.barcode);
            await page
              .getByRole('textbox', { name: new RegExp(`^Weight of ${onion.name}`) })
              .fill('0.5');
            await page.keyboard.press('Enter');
          } else if (sale === 7 || sale === 12) {
            // Onions weighed on the scale: its label says 250 g.
            await scanner(scaleLabel(onion.scaleCode, 250));
          } else {
            await scanner(ladoo.barcode);
          }
          const bill = page.getByRole('table', { name: 'The bill' });
          await expect(bill).toBeVisible();
          if (sale === 13) {
            // On Savita's khata, within her limit as last seen.
            const payment = page.getByRole('region', { name: 'Payment' });
            await payment.getByRole('radio', { name: 'Khata' }).check();
            await payment.getByLabel('Customer (name or phone)').fill(customer.phone.slice(2, 8));
            await payment
              .getByRole('button', { name: `${customer.name} · ${customer.phone}` })
              .click();
            await payment.getByRole('button', { name: /^Put on the khata/ }).click();
          } else {
            await page.keyboard.press('F9');
          }
          numbers.push(await keptBill(page));
          await expect(offlineLine).toContainText(
            `${sale === 1 ? '1 bill' : `${sale} bills`} waiting`,
          );
          await page.keyboard.press('Enter');
        }
        expect(new Set(numbers).size).toBe(20);

        await context.setOffline(false);
        const kept = page.getByRole('region', { name: 'Bills kept on this counter' });
        await expect(kept).toBeHidden({ timeout: 30_000 });
        await expect(offlineLine).toBeHidden();

        // Each recorded once, under the number its receipt printed.
        const { sales } = (await ok(await api.get('/api/counter/sales'))) as {
          sales: { invoice: { number: string } | null; payment: string }[];
        };
        const recorded = sales.map((sale) => sale.invoice?.number);
        for (const number of numbers) expect(recorded.filter((n) => n === number)).toHaveLength(1);
        expect(sales.filter((sale) => sale.payment === 'khata')).toHaveLength(1);
        // 14 ladoos sold of 18: the shopper's page says so without a reload.
        await expect(phone.getByText('Only 4 left')).toBeVisible(LIVE);
        const today = page.getByRole('region', { name: 'Today’s sales' });
        await expect(today).toContainText(numbers[19]!);
      } finally {
        await context.setOffline(false);
        await phone.close();
      }
    });
  });
});
