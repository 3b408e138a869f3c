import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addAddressViaApi, newShopper, productId, signUpViaApi } from './support/shopper';

/** Violations an assistive-technology user would be blocked or badly hindered by. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

test('home, product, cart and my-orders have no serious or critical accessibility violation', async ({
  page,
}, testInfo) => {
  // Four pages scanned by axe: slow on a loaded 2-core machine.
  test.slow();
  await signUpViaApi(page, newShopper(testInfo));
  const address = await addAddressViaApi(page);
  const carrot = await productId(page, 'Carrot');
  const placed = await page.request.post('/api/order/cod', {
    data: { items: [{ product: carrot, quantity: 2 }], address },
  });
  expect(placed.ok(), await placed.text()).toBe(true);

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Best Sellers' }).getByRole('article')).toHaveCount(
    5,
  );
  expect(await seriousViolations(page), 'home').toEqual([]);

  await page.goto(`/products/vegetables/${carrot}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Carrot' })).toBeVisible();
  expect(await seriousViolations(page), 'product').toEqual([]);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.locator('#notistack-snackbar').filter({ hasText: 'Added to Cart' }),
  ).toBeVisible();
  expect(await seriousViolations(page), 'product with a toast').toEqual([]);
  await page.goto('/cart');
  await expect(
    page.getByRole('region', { name: 'Order Summary' }).getByRole('radio').first(),
  ).toBeChecked();
  expect(await seriousViolations(page), 'cart').toEqual([]);

  await page.goto('/my-orders');
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await seriousViolations(page), 'my-orders').toEqual([]);
});

test('the login dialog has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog', { name: 'User Login' })).toBeVisible();
  expect(await seriousViolations(page), 'login dialog').toEqual([]);
});
