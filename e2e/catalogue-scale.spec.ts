import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectImagesLoaded } from './support/images';
import { importProduct, importShopCatalogue, SCALE_URL } from './support/scale-store';
import { logInAsSeller, toast, uniqueSuffix } from './support/seller';

/*
 * A real shop's catalogue (docs/catalogue.md#scale): 2,000 products (brands × items ×
 * sizes) imported through the seller's import into a store that never seeded the demo, on the
 * embedded database, where search runs on PGlite's full text and trigrams.
 */

test.use({ baseURL: SCALE_URL });
test.beforeAll(importShopCatalogue);

const names = (page: Page) => page.getByRole('article').getByRole('heading', { level: 3 });

test('a shop that never seeded the demo shows its banner art and the seven category tiles', async ({
  page,
}) => {
  await page.goto('/');
  const categories = page.getByRole('region', { name: 'Categories' });
  await expect(categories.getByRole('link')).toHaveCount(7);
  await expectImagesLoaded(categories.locator('img'));
  await expect(page.locator('.hero img, .bottom-banner img')).toHaveCount(8);
  await expectImagesLoaded(page.locator('.hero img, .bottom-banner img'));
});

test('the nav’s search finds milk for “doodh” and tomatoes for a typo, among thousands', async ({
  page,
}) => {
  await page.goto('/');
  const search = page.getByRole('search').getByRole('combobox', { name: 'Search products' });
  await search.fill('doodh');
  // Suggested as the shopper types, then every result.
  await expect(page.getByRole('option').first()).toContainText('Milk');
  await search.press('Enter');
  await expect(page).toHaveURL('/products?q=doodh');
  await expect(names(page).first()).toContainText('Milk');
  // A page of results, never the whole catalogue.
  expect(await names(page).count()).toBeLessThanOrEqual(24);

  await search.fill('tomatto');
  await expect(page).toHaveURL('/products?q=tomatto');
  await expect(names(page).first()).toContainText('Tomato');
});

test('All Products carries the first shelves; the others fill in as the shopper scrolls to them', async ({
  page,
}) => {
  await page.goto('/products');
  const shelf = (name: string) => page.getByRole('region', { name });
  await expect(shelf('Organic veggies').getByRole('article')).toHaveCount(10);
  const last = shelf('Grains & Cereals');
  // Its heading and "See all" are there at once; its products only near the screen.
  await expect(last.getByRole('link', { name: 'See all Grains & Cereals' })).toBeAttached();
  await expect(last.getByRole('article')).toHaveCount(0);
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByRole('article')).toHaveCount(10);
});

test('a category shows a page of its products, and scrolling brings the next ones', async ({
  page,
}) => {
  await page.goto('/products/vegetables');
  await expect(page.getByRole('heading', { level: 1, name: 'Organic veggies' })).toBeVisible();
  await expect(names(page)).toHaveCount(24);
  await page.getByRole('link', { name: 'Next page' }).scrollIntoViewIfNeeded();
  await expect(names(page)).toHaveCount(48);
  // The address stays on the page the shopper opened.
  await expect(page).toHaveURL('/products/vegetables');
});

test('a shopper who scrolls while the page still loads stays there, and the next products come', async ({
  browser,
}) => {
  const page = await browser.newPage({ baseURL: SCALE_URL });
  try {
    // Not the fixture's page: this one is scrolled before the app has taken it over.
    await page.goto('/products/vegetables', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Next page' }).scrollIntoViewIfNeeded();
    await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
    await expect(names(page)).toHaveCount(48);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  } finally {
    await page.close();
  }
});

test('without scripts, a category’s second page is a page of its own with links both ways', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: SCALE_URL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/products/vegetables');
    const first = await names(page).first().textContent();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL('/products/vegetables?page=2');
    await expect(names(page)).toHaveCount(24);
    expect(await names(page).first().textContent()).not.toBe(first);
    await expect(page.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/products/vegetables',
    );
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/products/vegetables?page=3',
    );
  } finally {
    await context.close();
  }
});

test.describe('the seller’s Product List', () => {
  test.skip(({ isMobile }) => isMobile, 'a counter task: run with --project laptop');

  test('units left: a low count keeps the column’s width, and a refused count leaves the box once the seller moves on', async ({
    page,
  }) => {
    const name = `Kaju Katli ${uniqueSuffix()}`;
    await importProduct(name, 20);
    await logInAsSeller(page);
    await page.goto(`/seller/product-list?q=${encodeURIComponent(name)}`);
    const field = page.getByLabel(`${name}: units left to sell`);
    await expect(field).toHaveValue('20');
    const column = page.getByRole('columnheader', { name: 'Units left' });
    const before = (await column.boundingBox())!.width;

    await field.fill('3');
    await field.press('Enter');
    await expect(toast(page, 'Stock Updated')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Low stock');
    expect((await column.boundingBox())!.width).toBe(before);

    await field.fill('-2');
    await field.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Enter whole units' })).toBeVisible();
    await field.press('Tab');
    await expect(field).toHaveValue('3');
    await expect(page.getByRole('alert').filter({ hasText: 'Enter whole units' })).toHaveCount(0);
  });

  test('the next page and another screen open at their top, not where the long list was left', async ({
    page,
  }) => {
    await logInAsSeller(page);
    await page.goto('/seller/product-list');
    await expect(page.getByRole('table', { name: 'Products' }).getByRole('row')).toHaveCount(51);
    const next = page.getByRole('link', { name: 'Next page' });
    await next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await next.click();
    await expect(page).toHaveURL('/seller/product-list?page=2');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await next.scrollIntoViewIfNeeded();
    await page
      .getByRole('navigation', { name: 'Seller' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('pages through thousands, finds by SKU, narrows to out of stock and puts a selection back in stock', async ({
    page,
  }) => {
    await logInAsSeller(page);
    await page
      .getByRole('navigation', { name: 'Seller' })
      .getByRole('link', { name: 'Product List' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: /^2,0\d\d products$/ })).toBeVisible();
    const rows = page.getByRole('table', { name: 'Products' }).getByRole('row');
    await expect(rows).toHaveCount(51);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL('/seller/product-list?page=2');
    await expect(page.getByText(/^Page 2 of 4\d$/)).toBeVisible();

    // By SKU, from the search field: the address follows.
    const field = page.getByRole('searchbox', { name: 'Search' });
    await field.fill('SKU-000123');
    await expect(page).toHaveURL('/seller/product-list?q=SKU-000123');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('SKU SKU-000123');

    // Cookies out of stock (every tenth of the file), all selected and put back in stock.
    await field.fill('Cookies');
    await page.getByLabel('Show').selectOption('Out of stock');
    await expect(page).toHaveURL('/seller/product-list?q=Cookies&filter=out-of-stock');
    // The last search's row stays on show until the new answer comes: counted after it.
    await expect(rows.filter({ hasText: 'SKU-000123' })).toHaveCount(0);
    await expect(rows.nth(1)).toContainText('Cookies');
    const switches = page.getByRole('switch');
    await expect(switches.first()).toBeVisible();
    const count = await switches.count();
    expect(count).toBeGreaterThan(1);
    for (const one of await switches.all()) await expect(one).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'Select every product on this page' }).check();
    await expect(page.getByText(`${count} selected`)).toBeVisible();
    await page.getByRole('button', { name: 'Mark in stock' }).click();
    await expect(toast(page, 'Stock Updated')).toBeVisible();
    for (const one of await switches.all()) await expect(one).toBeChecked();
    await expect(page.getByText(`${count} selected`)).toHaveCount(0);
    // Asked again, they are no longer out of stock.
    await page.reload();
    await expect(page.getByText('No products match. Try another search or filter.')).toBeVisible();
  });
});
