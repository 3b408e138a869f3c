import yazl from 'yazl';
import { seriousViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { importShopCatalogue, SCALE_URL } from './support/scale-store';
import { logInAsSeller, solidPng, toast, uniqueSuffix } from './support/seller';

test.describe('importing the catalogue from a spreadsheet', () => {
  test.skip(({ isMobile }) => isMobile, 'a counter task: run with --project laptop');
  // A real shop's store, with its thousands of products (e2e/support/scale-store.ts).
  test.use({ baseURL: SCALE_URL });
  test.beforeAll(importShopCatalogue);

  test('a bad row is named by row, line and column and nothing is imported; fixed, the file imports, pictures and all; a change is shown old → new before it is applied', async ({
    page,
  }) => {
    const suffix = uniqueSuffix();
    const header = 'name,category,price,offerPrice,sku,stockCount,images';
    const csv = (price: string) =>
      Buffer.from(
        [
          header,
          `Neem Soap ${suffix},Grains,40,35,SOAP-${suffix},12,neem.png`,
          `Mustard Oil ${suffix},Grains,${price},180,OIL-${suffix},,`,
        ].join('\r\n'),
      );
    const zip = new yazl.ZipFile();
    zip.addBuffer(solidPng([30, 140, 60], 64), 'neem.png');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const pictures = Buffer.concat(chunks);

    await logInAsSeller(page);
    await page
      .getByRole('navigation', { name: 'Seller' })
      .getByRole('link', { name: 'Import' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();

    const products = page.getByLabel('Products (CSV)');
    await products.setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: csv('two hundred'),
    });
    await page.getByLabel('Pictures (.zip, optional)').setInputFiles({
      name: 'pictures.zip',
      mimeType: 'application/zip',
      buffer: pictures,
    });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByRole('heading', { name: '1 problem to fix' })).toBeVisible();
    const problem = page
      .getByRole('table', { name: 'Problems in the file, by row' })
      .getByRole('row')
      .nth(1);
    await expect(problem.getByRole('rowheader')).toHaveText('2');
    // Row 2 under the header: line 3 of the file in a spreadsheet.
    await expect(problem.getByRole('cell')).toHaveText(['3', 'price', 'price must be a number']);
    await expect(page.getByRole('button', { name: /^Import / })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await products.setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: csv('200'),
    });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByRole('heading', { name: 'Ready to import' })).toBeVisible();
    await expect(page.getByText('2 new products, 0 updated, 0 unchanged')).toBeVisible();
    await page.getByRole('button', { name: 'Import 2 products' }).click();
    await expect(toast(page, 'Imported: 2 new products, 0 updated, 0 unchanged')).toBeVisible();

    const found = await page.request.get(
      `/api/product/search?q=${encodeURIComponent(`Neem Soap ${suffix}`)}`,
    );
    const {
      products: [soap],
    } = (await found.json()) as {
      products: { name: string; sku: string; stockCount: number; image: string[] }[];
    };
    expect(soap).toMatchObject({
      name: `Neem Soap ${suffix}`,
      sku: `SOAP-${suffix}`,
      stockCount: 12,
    });
    expect(soap!.image).toHaveLength(1);
    expect((await page.request.get(soap!.image[0]!)).ok()).toBe(true);

    // A new offer price and the count taken off (-); the pictures' cell left empty keeps them.
    await products.setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        ['sku,offerPrice,stockCount,images', `soap-${suffix},30,-,`].join('\r\n'),
      ),
    });
    await page.getByLabel('Pictures (.zip, optional)').setInputFiles([]);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByRole('heading', { name: 'Ready to import' })).toBeVisible();
    await expect(page.getByText('0 new products, 1 updated, 0 unchanged')).toBeVisible();
    const change = page
      .getByRole('table', { name: 'Changes to products, by row' })
      .getByRole('row')
      .nth(1);
    await expect(change.getByRole('rowheader')).toHaveText('1');
    await expect(change.getByRole('cell').nth(0)).toHaveText('2');
    // The SKU as the file writes it.
    await expect(change.getByRole('cell').nth(1)).toHaveText(`Neem Soap ${suffix}soap-${suffix}`);
    await expect(change.getByRole('listitem')).toHaveText([
      'offerPrice 35.00 → 30.00',
      'stockCount 12 → empty',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Import 1 product' }).click();
    await expect(toast(page, 'Imported: 0 new products, 1 updated, 0 unchanged')).toBeVisible();
    const changed = (await (
      await page.request.get(`/api/product/search?q=${encodeURIComponent(`Neem Soap ${suffix}`)}`)
    ).json()) as { products: { offerPrice: number; stockCount: number | null; image: string[] }[] };
    expect(changed.products[0]).toMatchObject({
      offerPrice: 30,
      stockCount: null,
      image: soap!.image,
    });
  });
});
