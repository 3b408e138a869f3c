import { randomInt } from 'node:crypto';
import type { Product } from '@kirana/shared';
import { expect, test } from './support/fixtures';
import { logInAsSeller, toast, uniqueSuffix } from './support/seller';

test.describe('loose goods and packs on the seller screens', () => {
  test.skip(({ isMobile }) => isMobile, 'the seller screens are for the counter and laptops');

  test('a product sold by the kilo with steps and a scale code, and a pack sold from its stock, as the Product List shows them', async ({
    page,
    request,
  }) => {
    const suffix = uniqueSuffix();
    const dal = `Toor Dal ${suffix}`;
    const pack = `Toor Dal 1 kg ${suffix}`;
    // Unique among the run's live products, whichever tests ran before.
    const scaleCode = String(randomInt(100_000)).padStart(5, '0');
    await logInAsSeller(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();

    await page.getByLabel('Product name').fill(dal);
    await page.getByLabel('Category').selectOption({ label: 'Grains & Cereals' });
    await page.getByLabel('Sold by').selectOption({ label: 'The kilo (loose, weighed)' });
    // Loose, the prices are per kilo and the usual steps are offered.
    await expect(page.getByLabel('Steps offered online')).toHaveValue('250 g, 500 g, 1 kg');
    await page.getByLabel('Product price per kg (₹)').fill('140');
    await page.getByLabel('Offer price per kg (₹)').fill('132.50');
    await page.getByLabel('Steps offered online').fill('250 g, 500 g, 1 kg, 500 g');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(
      toast(page, 'Steps offered online: Steps go from the smallest up, each once'),
    ).toBeVisible();
    await page.getByLabel('Steps offered online').fill('250 g, 500 g, 1 kg, 2kg');
    await expect(page.getByText('Shoppers choose 250 g, 500 g, 1 kg, 2 kg.')).toBeVisible();
    await page.getByLabel('Scale code (optional)').fill(scaleCode);
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(toast(page, 'Product Added')).toBeVisible();
    await expect(page.getByLabel('Product name')).toHaveValue('');

    // The pack: a size of the family, sold from the loose dal found by search.
    await page.getByLabel('Product name').fill(pack);
    await page.getByLabel('Category').selectOption({ label: 'Grains & Cereals' });
    await page.getByLabel('Product price (₹)').fill('150');
    await page.getByLabel('Offer price (₹)').fill('145');
    await page.getByLabel('Search the loose products').fill(suffix);
    await page.getByRole('button', { name: `Choose ${dal}` }).click();
    await expect(page.getByText(`Sold from ${dal} (by the kilo)`)).toBeVisible();
    await page.getByLabel('A pack holds (optional)').fill('1 kg');
    await page.getByLabel('Family (optional)').fill(`Toor Dal ${suffix}`);
    await page.getByLabel('Pack label (optional)').fill('1 kg');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(toast(page, 'Product Added')).toBeVisible();

    const response = await request.get('/api/product/list');
    const products = ((await response.json()) as { products: Product[] }).products;
    const loose = products.find((product) => product.name === dal);
    expect(loose).toMatchObject({
      unit: 'kg',
      price: 140,
      steps: [250, 500, 1000, 2000],
      scaleCode,
      drawsFrom: null,
    });
    expect(products.find((product) => product.name === pack)).toMatchObject({
      unit: 'piece',
      family: `Toor Dal ${suffix}`,
      packLabel: '1 kg',
      drawsFrom: loose?._id,
      packQuantity: 1000,
      stockCount: null,
    });

    // The Product List: the price per kilo, the stock in kilos, the pack's loose stock.
    await page.goto(`/seller/product-list?q=${suffix}`);
    const dalRow = page.getByRole('row').filter({ hasText: `Scale code ${scaleCode}` });
    await expect(dalRow).toContainText('₹132.50/kg');
    await expect(dalRow).toContainText('₹140.00/kg');
    const stock = dalRow.getByLabel(`${dal}: kg left to sell`);
    await stock.fill('12.5');
    await stock.press('Enter');
    await expect(toast(page, 'Stock Updated')).toBeVisible();
    await expect(stock).toHaveValue('12.5 kg');

    const packRow = page.getByRole('row').filter({ hasText: `1 kg of loose ${dal}` });
    await expect(packRow).toContainText('₹145.00');
    await expect(packRow).toContainText(`Toor Dal ${suffix} · 1 kg`);
    await expect(packRow).toContainText(`From ${dal}’s stock: 12.5 kg`);
  });
});
