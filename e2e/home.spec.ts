import { expect, test } from './support/fixtures';
import { expectImagesLoaded } from './support/images';

/** The seven categories of the spec, label then path value. */
const CATEGORIES = [
  ['Organic veggies', 'vegetables'],
  ['Fresh Fruits', 'fruits'],
  ['Cold Drinks', 'drinks'],
  ['Instant Food', 'instant'],
  ['Dairy Products', 'dairy'],
  ['Bakery & Breads', 'bakery'],
  ['Grains & Cereals', 'grains'],
] as const;

test('the home page shows the category tiles and the in-stock products with their images', async ({
  page,
}) => {
  await page.goto('/');

  await expect(page.getByRole('banner').getByRole('link', { name: 'Kirana home' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const categories = page.getByRole('region', { name: 'Categories' });
  for (const [label, path] of CATEGORIES) {
    await expect(categories.getByRole('link', { name: label })).toHaveAttribute(
      'href',
      `/products/${path}`,
    );
  }

  const products = page.getByRole('region', { name: 'Products' });
  const cards = products.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(10);

  const names = await products.getByRole('heading', { level: 3 }).allTextContents();
  expect(names.filter((name) => name.trim() !== '').length).toBeGreaterThanOrEqual(10);

  const firstCard = cards.first();
  await expect(firstCard.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(firstCard.getByText(/Rs \d/).first()).toBeVisible();

  await expectImagesLoaded(categories.locator('img'));
  await expectImagesLoaded(products.locator('img'));
});
