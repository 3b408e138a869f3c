import { expect, test } from './support/fixtures';
import { importRows, SCALE_URL } from './support/scale-store';
import { uniqueSuffix } from './support/seller';
import { cartLink } from './support/shopper';

// Loose goods and pack sizes on a phone (docs/catalogue.md#pack-families-in-the-storefront), in
// the real shop's store with products of their own: no demo product shared with other specs.
test.use({ baseURL: SCALE_URL });

test.beforeEach(({ isMobile }) => {
  test.skip(!isMobile, 'the storefront on a phone');
});

test('a family is one card, and its page switches size, price and address', async ({ page }) => {
  const family = `Chakki Atta ${uniqueSuffix()}`;
  const ids = await importRows(
    [
      'name,category,price,offerPrice,family,packLabel',
      `${family} 1 kg,Grains,60,55,${family},1 kg`,
      `${family} 5 kg,Grains,260,240,${family},5 kg`,
    ].join('\n'),
    family,
  );
  const [one, five] = [ids[`${family} 1 kg`], ids[`${family} 5 kg`]];
  expect(one && five).toBeTruthy();

  await page.goto(`/products?q=${encodeURIComponent(family)}`);
  const cards = page.getByRole('article').filter({ hasText: family });
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('2 sizes');
  await cards.getByRole('link').click();

  const sizes = page.getByRole('navigation', { name: 'Sizes' });
  await expect(sizes.getByRole('link')).toHaveCount(2);
  await expect(sizes.getByRole('link', { name: /1 kg/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${family} 1 kg`);
  await expect(page.getByText('Rs 55.00 Rs 55.00/pc')).toBeVisible();

  await sizes.getByRole('link', { name: /5 kg/ }).click();
  await expect(page).toHaveURL(`/products/grains/${five}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${family} 5 kg`);
  await expect(page.getByText('Rs 240.00 Rs 240.00/pc')).toBeVisible();
  await expect(sizes.getByRole('link', { name: /5 kg/ })).toHaveAttribute('aria-current', 'page');
});

test('a weighed product is added in its steps (250 g to 1.5 kg, + stopping at the last) as one item of the cart, and the cart shows its grams and the price per kilo', async ({
  page,
}) => {
  const name = `Toor Dal ${uniqueSuffix()}`;
  const ids = await importRows(
    [
      'name,category,price,offerPrice,stockCount,unit,steps',
      `${name},Grains,150,140,5000,kg,250|500|1000|1500`,
    ].join('\n'),
    name,
  );
  await page.goto(`/products/grains/${ids[name]}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Rs 140.00 Rs 140.00/kg')).toBeVisible();

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const stepper = page.getByRole('group', { name: `${name} in cart` });
  const more = stepper.getByRole('button', { name: `More ${name}` });
  await expect(stepper).toContainText('250 g');
  await more.click();
  await expect(stepper).toContainText('500 g');
  // Its line is one item, whatever its grams.
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await more.click();
  await expect(stepper).toContainText('1 kg');
  await more.click();
  await expect(stepper).toContainText('1.5 kg');
  // The last step: + goes no further.
  await expect(more).toBeDisabled();
  await stepper.getByRole('button', { name: `Less ${name}` }).click();
  await expect(stepper).toContainText('1 kg');
  await expect(page.getByText('1 kg in your cart')).toBeVisible();

  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL('/cart');
  const line = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart (1 item)');
  await expect(line).toContainText('Rs 140.00/kg');
  await expect(line).toContainText('Rs 140.00');
  const quantity = page.getByLabel(`Qty of ${name}`);
  await expect(quantity).toHaveValue('1000');
  await expect(quantity.getByRole('option')).toHaveText(['250 g', '500 g', '1 kg', '1.5 kg']);
  await quantity.selectOption({ label: '500 g' });
  await expect(line).toContainText('Rs 70.00');
});
