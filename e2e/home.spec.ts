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

/** The spec's value blurbs, verbatim. */
const VALUE_BLURBS = [
  ['Fastest Delivery', 'groceries delivered in under 30 minutes'],
  ['Freshness Guaranteed', 'fresh produce straight from the source'],
  ['Affordable Prices', 'quality groceries at unbeatable prices'],
  ['Trusted by Thousands', 'loved by 10,000+ happy customers'],
] as const;

test('the home page shows the banner, the category tiles and five in-stock best sellers with their images', async ({
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

  const bestSellers = page.getByRole('region', { name: 'Best Sellers' });
  const cards = bestSellers.getByRole('article');
  await expect(cards).toHaveCount(5);
  // The demo catalogue's first five products are all in stock.
  await expect(bestSellers.getByRole('heading', { level: 3 })).toHaveText([
    'Potato',
    'Onion',
    'Tomato',
    'Carrot',
    'Ginger',
  ]);

  const firstCard = cards.first();
  await expect(firstCard.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(firstCard.getByText(/Rs \d/).first()).toBeVisible();

  await expectImagesLoaded(categories.locator('img'));
  await expectImagesLoaded(bestSellers.locator('img'));
  await expectImagesLoaded(page.locator('.hero img, .bottom-banner img'));
});

test('the home page tells why the shop is the best, and its newsletter form stays on the page', async ({
  page,
}) => {
  await page.goto('/');

  const why = page.getByRole('region', { name: 'Why we are the best?' });
  for (const [title, text] of VALUE_BLURBS) {
    await expect(why.getByRole('heading', { name: title })).toBeVisible();
    await expect(why.getByText(text, { exact: true })).toBeVisible();
  }

  const newsletter = page.getByRole('region', { name: 'Never miss a deal!' });
  await newsletter.getByLabel('Email address').fill('newsletter@example.com');
  // A reload would clear this marker.
  await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
  await newsletter.getByRole('button', { name: 'Subscribe' }).click();
  expect(await page.evaluate(() => 'stayedOnPage' in window)).toBe(true);
  await expect(page).toHaveURL('/');
});

test('product images reserve their box before they load, so nothing jumps', async ({ page }) => {
  await page.goto('/');
  const image = page.getByRole('region', { name: 'Best Sellers' }).locator('img').first();
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute(
    'srcset',
    /-200\.webp 200w, .*-400\.webp 400w, .*-800\.webp 800w/,
  );
  await expect(image).toHaveAttribute('sizes', /.+/);
  // A box of a set shape (square on a phone, 4:3 on a laptop) before the picture arrives.
  const box = await image.evaluate((img) => getComputedStyle(img.parentElement!).aspectRatio);
  expect(box).toMatch(/^(1 \/ 1|4 \/ 3)$/);
});
