import { expect, test } from './support/fixtures';
import { importProduct, SCALE_URL } from './support/scale-store';
import { uniqueSuffix } from './support/seller';

// A product the shop counts, with 2 units left, in the real shop's store (no demo products
// shared with other specs are changed).
test.use({ baseURL: SCALE_URL });

test('the product page changes the quantity in the cart, never past the units left, and the cart offers no more', async ({
  page,
}) => {
  const name = `Kesar Peda ${uniqueSuffix()}`;
  const peda = { id: await importProduct(name, 2), name };
  await page.goto(`/products/bakery/${peda.id}`);
  await expect(page.getByRole('heading', { level: 1, name: peda.name })).toBeVisible();
  await expect(page.getByText('Only 2 left')).toBeVisible();

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  // Once in the cart: − 1 + in its place; Buy now goes to the cart without adding another.
  const stepper = page.getByRole('group', { name: `${peda.name} in cart` });
  await expect(stepper).toContainText('1');
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  const more = stepper.getByRole('button', { name: `Add one more ${peda.name}` });
  await more.click();
  await expect(stepper).toContainText('2');
  await expect(more).toBeDisabled();
  await stepper.getByRole('button', { name: `Remove one ${peda.name}` }).click();
  await expect(stepper).toContainText('1');
  await expect(more).toBeEnabled();

  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL('/cart');
  const quantity = page.getByLabel(`Qty of ${peda.name}`);
  await expect(quantity).toHaveValue('1');
  await expect(quantity.getByRole('option')).toHaveText(['1', '2']);
  await expect(page.getByRole('listitem').filter({ hasText: peda.name })).toContainText(
    'Only 2 left',
  );
});
