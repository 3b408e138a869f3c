import { readFile } from 'node:fs/promises';
import { SPEC_SHOP_SETTINGS } from '@kirana/shared';
import { seriousViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { importRows, SCALE_URL } from './support/scale-store';
import { toast, uniqueSuffix } from './support/seller';
import { tillScreen, withOpenTill } from './support/till';

// The real shop's store, registered for GST for this spec and put back in the spec's mode after
// it, whatever happens: its till is the counter specs' too, which run one after another.
test.use({ baseURL: SCALE_URL });

const GSTIN = '27AAPFU0939F1ZV';

test.describe('the bill the law asks for', () => {
  test.skip(({ isMobile }) => isMobile, 'the till is the seller’s laptop or counter PC');

  test('the seller registers the shop for GST; a sale at the counter prints a tax invoice with the GSTIN, each line’s HSN and the summary by rate; the GST screen totals the month and downloads its GSTR-1', async ({
    page,
  }) => {
    test.slow();
    const suffix = uniqueSuffix();
    const barcodes = {
      ghee: `892${Date.now()}`.slice(0, 13),
      soap: `893${Date.now()}`.slice(0, 13),
    };
    const ghee = `Cow Ghee 500 ml ${suffix}`;
    const soap = `Neem Soap ${suffix}`;
    // Shelf prices include GST: ₹525 at 5 % is ₹500 taxable; ₹59 at 18 % is ₹50 taxable.
    await importRows(
      'name,category,price,offerPrice,barcode,hsn,gstRate\n' +
        `${ghee},Dairy,525,525,${barcodes.ghee},0405,5\n` +
        `${soap},Instant,59,59,${barcodes.soap},3401,18%\n`,
      suffix,
    );

    await withOpenTill(500, async (api) => {
      try {
        const { scanner } = await tillScreen(page);
        // Registered, from the Shop screen.
        await page
          .getByRole('navigation', { name: 'Seller' })
          .getByRole('link', { name: 'Shop' })
          .click();
        await page.getByLabel('Tax mode').selectOption({ label: 'Registered (regular)' });
        await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZW');
        await page.getByLabel('Legal name').fill('Sharma General Stores');
        await page.getByLabel('Invoice prefix').fill('SG');
        const address = page.getByLabel('Address');
        if ((await address.inputValue()) === '') await address.fill('12 FC Road\nPune 411004');
        await page.getByRole('button', { name: 'Save settings' }).click();
        // A GSTIN whose check character is wrong is refused before it reaches a bill.
        await expect(page.getByText(/its last one checks the rest/)).toBeVisible();
        await page.getByLabel('GSTIN').fill(GSTIN);
        await page.getByRole('button', { name: 'Save settings' }).click();
        await expect(toast(page, 'Shop settings saved')).toBeVisible();

        // A sale at the counter: the shelf prices are the total, no tax added on top.
        await page.goto('/seller/counter');
        await expect(page.getByRole('combobox', { name: /Scan or search/ })).toBeFocused();
        await scanner(barcodes.ghee);
        await scanner(barcodes.soap);
        const payment = page.getByRole('region', { name: 'Payment' });
        await expect(payment).toContainText('₹584.00');
        await expect(payment).not.toContainText('Tax (2%)');
        await page.keyboard.press('F4');
        await page.keyboard.type('600');
        await page.keyboard.press('F9');
        const done = page.getByRole('region', { name: /^Bill SG\/\d{2}-\d{2}\/\d+ recorded$/ });
        await expect(done).toBeVisible();
        const number = /Bill (\S+) recorded/.exec((await done.textContent()) ?? '')?.[1];

        await done.getByRole('button', { name: /Print receipt/ }).click();
        const receipt = page.frameLocator('iframe[title="Receipt"]').locator('body');
        await expect(receipt).toContainText(/tax invoice/i);
        await expect(receipt).toContainText('Sharma General Stores');
        await expect(receipt).toContainText(`GSTIN ${GSTIN}`);
        await expect(receipt).toContainText(`Invoice No. ${number}`);
        await expect(receipt).toContainText('0405');
        await expect(receipt).toContainText('3401');
        // The summary by rate: 5 % on ₹500.00 (₹12.50 + ₹12.50), 18 % on ₹50.00 (₹4.50 + ₹4.50).
        await expect(receipt).toContainText('₹500.00');
        await expect(receipt).toContainText('₹12.50');
        await expect(receipt).toContainText('₹50.00');
        await expect(receipt).toContainText('₹4.50');
        await expect(receipt).toContainText('Five Hundred Eighty Four Rupees Only');

        // The month, on the GST screen, and its GSTR-1 for the portal.
        await page
          .getByRole('navigation', { name: 'Seller' })
          .getByRole('link', { name: 'GST' })
          .click();
        await expect(page.getByRole('heading', { level: 1, name: 'GST' })).toBeVisible();
        const byRate = page.getByRole('table', { name: /^Sales by GST rate/ });
        await expect(byRate).toContainText('5 %');
        await expect(byRate).toContainText('18 %');
        expect(await seriousViolations(page), 'the GST screen').toEqual([]);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'GSTR-1 (JSON)' }).click(),
        ]);
        const gstr1 = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
          gstin: string;
          fp: string;
          b2cs: { rt: number; txval: number; camt: number; samt: number }[];
          hsn: { hsn_b2c: { hsn_sc: string }[] };
        };
        expect(gstr1.gstin).toBe(GSTIN);
        expect(gstr1.fp).toMatch(/^\d{6}$/);
        const rates = gstr1.b2cs.map((row) => row.rt);
        expect(rates).toContain(5);
        expect(rates).toContain(18);
        const codes = gstr1.hsn.hsn_b2c.map((row) => row.hsn_sc);
        expect(codes).toContain('0405');
        expect(codes).toContain('3401');
      } finally {
        // Back in the spec's mode: the other specs of this store total with its 2 %.
        const back = await api.put('/api/shop', { data: { tax: SPEC_SHOP_SETTINGS.tax } });
        expect(back.ok(), await back.text()).toBe(true);
      }
    });
  });
});
