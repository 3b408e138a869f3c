import { seriousViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { importShopCatalogue, SCALE_URL } from './support/scale-store';
import { logInAsSeller, solidPng, toast, uniqueSuffix } from './support/seller';

test.describe('categories the seller manages', () => {
  test.skip(({ isMobile }) => isMobile, 'a counter task: run with --project laptop');
  // A real shop's store, with its thousands of products (e2e/support/scale-store.ts).
  test.use({ baseURL: SCALE_URL });
  test.beforeAll(importShopCatalogue);

  test('the seller adds a category with its picture, files a product with a SKU under it, and hides the category', async ({
    page,
  }) => {
    const suffix = uniqueSuffix();
    const label = `Pooja ${suffix}`;
    await logInAsSeller(page);
    await page
      .getByRole('navigation', { name: 'Seller' })
      .getByRole('link', { name: 'Categories' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    // The spec's seven are there from the start.
    const list = page.getByRole('region', { name: 'The shop’s categories' });
    await expect(list.getByRole('form', { name: /^Organic veggies/ })).toBeVisible();

    const adding = page.getByRole('region', { name: 'Add a category' });
    await adding.getByLabel('Label').fill(label);
    await expect(adding.getByLabel('Path in the address')).toHaveValue(`Pooja-${suffix}`);
    await adding.getByLabel('Tile picture').setInputFiles({
      name: 'diya.png',
      mimeType: 'image/png',
      buffer: solidPng([250, 180, 40], 64),
    });
    await adding.getByRole('button', { name: 'Add category' }).click();
    await expect(toast(page, 'Category Added')).toBeVisible();
    const added = list.getByRole('form', { name: new RegExp(`^${label}`) });
    await expect(added).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole('navigation', { name: 'Seller' })
      .getByRole('link', { name: 'Add Product' })
      .click();
    await page.getByLabel('Product name').fill(`Diya ${suffix}`);
    await page.getByLabel('Category').selectOption({ label });
    await page.getByLabel('Product price (₹)').fill('50');
    await page.getByLabel('Offer price (₹)').fill('45');
    await page.getByLabel('SKU (optional)').fill(`DIYA-${suffix}`);
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(toast(page, 'Product Added')).toBeVisible();

    const search = async () =>
      (await (await page.request.get(`/api/product/search?q=DIYA-${suffix}`)).json()) as {
        products: { name: string; category: string; sku: string }[];
      };
    expect((await search()).products).toEqual([
      expect.objectContaining({
        name: `Diya ${suffix}`,
        category: `Pooja-${suffix}`,
        sku: `DIYA-${suffix}`,
      }),
    ]);

    // The storefront has the new category's tile, and its page the product.
    await page.goto('/');
    const tiles = page.getByRole('region', { name: 'Categories' });
    await tiles.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(`/products/pooja-${suffix}`.toLowerCase());
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    await expect(
      page.getByRole('article').getByRole('heading', { level: 3, name: `Diya ${suffix}` }),
    ).toBeVisible();

    // Hidden: off the storefront and its search, still the seller's.
    await page.goto('/seller/categories');
    await added.getByLabel('Shown on the storefront').uncheck();
    await added.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Category Updated')).toBeVisible();
    expect((await search()).products).toEqual([]);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Categories' }).getByRole('link')).toHaveCount(7);
    await expect(tiles.getByRole('link', { name: label })).toHaveCount(0);
    await page.goto('/seller');
    await expect(
      page.getByLabel('Category').getByRole('option', { name: `${label} (hidden)` }),
    ).toHaveCount(1);
  });

  test('the seller teaches search a name shoppers type, and takes it back', async ({ page }) => {
    const word = `sharbat${uniqueSuffix()}`;
    const found = async () =>
      (
        (await (await page.request.get(`/api/product/search?q=${word}`)).json()) as {
          products: { name: string }[];
        }
      ).products.map((product) => product.name);
    expect(await found()).toEqual([]);
    await logInAsSeller(page);
    await page.goto('/seller/categories');
    const panel = page.getByRole('region', { name: 'Names shoppers type' });
    await panel.getByLabel('Shoppers type').fill(word);
    await panel.getByLabel('Meaning').fill('milk');
    await panel.getByRole('button', { name: 'Add name' }).click();
    await expect(toast(page, `Shoppers typing “${word}” now find milk`)).toBeVisible();
    expect(await found()).toContainEqual(expect.stringMatching(/ Milk /));
    await panel.getByRole('button', { name: `Remove ${word}` }).click();
    await expect(panel.getByRole('button', { name: `Remove ${word}` })).toHaveCount(0);
    expect(await found()).toEqual([]);
  });
});
