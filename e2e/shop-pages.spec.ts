import { SPEC_SHOP_SETTINGS } from '@kirana/shared';
import { expect, test } from './support/fixtures';
import { setShop } from './support/seller';

const SHOP = {
  name: 'Sharma General Store',
  phone: '98765 43210',
  email: 'orders@sharma.example',
  address: '12 MG Road, Pune 411001',
  returnsPolicy: 'Bring it back within 7 days with the bill.',
  promiseMinutes: 45,
  deliveryFee: 25,
  freeDeliveryAbove: 500,
  minimumOrder: 199,
  zipcodes: ['411001', '411002'],
};

test.describe('the shop’s own pages, from the footer of a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the storefront’s pages are for phones first');

  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(async ({}, testInfo) => {
    await setShop(testInfo, SHOP);
  });
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo) => {
    await setShop(testInfo, SPEC_SHOP_SETTINGS);
  });

  test('the storefront says the shop’s name and promise, and its footer opens delivery, returns, contact and the shopper’s orders', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Sharma General Store — groceries delivered fast');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Sharma General Store home' }),
    ).toBeVisible();
    await expect(page.getByText('Delivered in under 45 minutes', { exact: true })).toBeVisible();
    await expect(page.getByText('groceries delivered in under 45 minutes')).toBeVisible();
    await expect(page.getByText(/under 30 minutes/)).toHaveCount(0);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    const help = footer.getByRole('navigation', { name: 'Need help?' });

    await help.getByRole('link', { name: 'Delivery Information' }).click();
    await expect(page).toHaveURL('/delivery');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Delivery Information' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Delivery Information | Sharma General Store');
    await expect(page.getByText('Your order arrives in under 45 minutes')).toBeVisible();
    await expect(
      page.getByText('Delivery costs Rs 25.00, and free on orders of Rs 500.00 or more.'),
    ).toBeVisible();
    await expect(page.getByText('The smallest order we take is Rs 199.00.')).toBeVisible();
    const pin = page.getByLabel('Check your PIN code');
    await pin.fill('560001');
    await expect(pin).toHaveAccessibleDescription(/411001, 411002/);
    await pin.fill('411002');
    await expect(pin).toHaveAccessibleDescription(/411002/);

    await help.getByRole('link', { name: 'Return & Refund Policy' }).click();
    await expect(page).toHaveURL('/returns');
    await expect(page.getByText(SHOP.returnsPolicy)).toBeVisible();

    await help.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: '98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    await expect(main.getByRole('link', { name: SHOP.email })).toHaveAttribute(
      'href',
      `mailto:${SHOP.email}`,
    );
    await expect(main.getByText(SHOP.address)).toBeVisible();

    await help.getByRole('link', { name: 'Track your Order' }).click();
    await expect(page).toHaveURL('/my-orders');

    // The nav's Contact is the same page.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });

  test('each page opens on its own, rendered by the server', async ({ page }) => {
    for (const [path, heading] of [
      ['/delivery', 'Delivery Information'],
      ['/returns', 'Return & Refund Policy'],
      ['/contact', 'Contact Us'],
    ] as const) {
      const answer = await page.request.get(path);
      expect(answer.status()).toBe(200);
      expect(await answer.text()).toContain(`${heading.replace('&', '&amp;')}</h1>`);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });
});
