import { gzipSync } from 'node:zlib';
import { STOREFRONT_STATE_ID } from '@kirana/shared';
import { expect, test } from './support/fixtures';
import { expectImagesLoaded } from './support/images';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page shows the product’s name, price and picture, reached through server-rendered links', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await page.getByRole('link', { name: 'Apple', exact: true }).click();

    await expect(page).toHaveURL(/\/products\/fruits\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle('Apple | Kirana');
    await expect(page.getByRole('heading', { level: 1, name: 'Apple' })).toBeVisible();
    await expect(page.getByText(/Offer price:\s*Rs \d+\.\d\d/)).toBeVisible();
    const picture = page.getByRole('img', { name: 'Apple' }).first();
    await expect(picture).toBeVisible();
    await expectImagesLoaded(picture);
  });

  test('a category page lists its products, and a missing product says so', async ({
    page,
    expectFailedRequest,
  }) => {
    expectFailedRequest('/products/fruits/no-such-product', 404);
    await page.goto('/products/vegetables');
    await expect(page.getByRole('heading', { level: 1, name: 'Organic veggies' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Carrot', exact: true })).toBeVisible();

    const missing = await page.goto('/products/fruits/no-such-product');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  });
});

test('the server-rendered page comes alive in the browser without an error, keeping the cart', async ({
  page,
}) => {
  const authChecks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user/is-auth') authChecks.push(request.url());
  });

  await page.goto('/products/vegetables');
  await expect(page.locator(`#${STOREFRONT_STATE_ID}`)).toHaveCount(1);
  await page.getByRole('button', { name: 'Add Carrot to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The cart lives in the browser: a new server-rendered page shows it once the app has started.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add one more Carrot' })).toBeVisible();

  // Moving on within the app gives each page its own title.
  await page.getByRole('link', { name: 'Carrot', exact: true }).click();
  await expect(page).toHaveTitle('Carrot | Kirana');
  await expect(page.getByRole('heading', { level: 1, name: 'Carrot' })).toBeVisible();

  // Nobody logged in, so the storefront never asked who is (and never logged a 401).
  expect(authChecks).toEqual([]);
});

test('a server-rendered page paints before the app’s scripts are fetched', async ({ page }) => {
  await page.goto('/');
  await page.locator('html[data-app-started]').waitFor({ state: 'attached' });

  const { firstPaint, appFetched } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    appFetched: performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/start-[\w-]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(firstPaint).toBeGreaterThan(0);
  expect(appFetched).toBeGreaterThanOrEqual(firstPaint ?? Infinity);
});

test('the home page starts on at most 150 kB of gzipped script, its first load’s budget', async ({
  page,
}) => {
  // The scripts fetched by the moment the app has started: what loads once the page is hydrated
  // (the head's upkeep, the live stream) is not part of the first load.
  await page.addInitScript(() => {
    // Watched from the document: this runs before the page's <html> is parsed.
    new MutationObserver((_changes, observer) => {
      observer.disconnect();
      const scripts = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.endsWith('.js'));
      document.documentElement.dataset.firstLoad = JSON.stringify(scripts);
    }).observe(document, { subtree: true, attributeFilter: ['data-app-started'] });
  });
  await page.goto('/');
  const firstLoad = page.locator('html[data-first-load]');
  await firstLoad.waitFor({ state: 'attached' });
  const scripts = JSON.parse((await firstLoad.getAttribute('data-first-load')) ?? '[]') as string[];

  // Counted as bench/bundle-size.mjs counts them: each file gzipped at level 9.
  const sizes = await Promise.all(
    scripts.map(async (url) => gzipSync(await (await page.request.get(url)).body(), { level: 9 })),
  );
  const total = sizes.reduce((sum, gzipped) => sum + gzipped.length, 0);
  expect(scripts.some((url) => /\/assets\/start-[\w-]+\.js$/.test(url))).toBe(true);
  expect(total, scripts.join('\n')).toBeLessThanOrEqual(150_000);
});
