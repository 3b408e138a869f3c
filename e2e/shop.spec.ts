import { seriousViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import {
  cartLink,
  fillAddressForm,
  newShopper,
  productId,
  signUpInDialog,
  signUpViaApi,
  toast,
} from './support/shopper';

test('a category tile lists that category’s in-stock products', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Categories' })
    .getByRole('link', { name: 'Organic veggies' })
    .click();

  await expect(page).toHaveURL('/products/vegetables');
  await expect(page.getByRole('heading', { level: 1, name: 'Organic veggies' })).toBeVisible();
  const names = page.getByRole('article').getByRole('heading', { level: 3 });
  await expect(names.first()).toBeVisible();
  await expect(names.filter({ hasText: 'Carrot' })).toHaveCount(1);
  // Brinjal is out of stock, and fruit is another category.
  await expect(names.filter({ hasText: 'Brinjal' })).toHaveCount(0);
  await expect(names.filter({ hasText: 'Apple' })).toHaveCount(0);
});

test('a category URL is compared in lower case', async ({ page }) => {
  await page.goto('/products/FRUITS');
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh Fruits' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Apple', exact: true })).toBeVisible();
});

test('a category without products says so, titled as not found, and leads to all products', async ({
  page,
  expectFailedRequest,
}) => {
  // No such category: the server answers the page with 404, for search engines.
  expectFailedRequest('/products/nothing-here', 404);
  await page.goto('/products/nothing-here');
  await expect(page.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible();
  await expect(page.getByText('nothing-here')).toHaveCount(0);
  await expect(page.getByText('No products found in this category.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  await page.getByRole('link', { name: 'See all products' }).click();
  await expect(page).toHaveURL('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
});

test('an empty cart shows the bare cart icon, and an empty cart or search says where to go', async ({
  page,
}) => {
  await page.goto('/');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  await expect(cartLink(page)).not.toContainText('0');

  const box = page.getByRole('search').getByRole('combobox', { name: 'Search products' });
  await box.fill('zzzz');
  await box.press('Enter');
  await expect(page.getByText('No products match “zzzz”.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear the search' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Fresh Fruits' })).toBeVisible();

  await cartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  await page.getByRole('link', { name: 'Start shopping' }).click();
  await expect(page).toHaveURL('/products');
});

test('the nav search suggests as the shopper types; Enter shows the server’s results, which then follow the text in the address', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('search').getByRole('combobox', { name: 'Search products' });
  await box.fill('CARR');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  const options = suggestions.getByRole('option');
  await expect(options.first()).toContainText('Carrot');
  await expect(options.last()).toHaveText('See all results for “CARR”');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  // The arrow keys pick one, Enter opens it.
  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Carrot' })).toBeVisible();
  // Escape closes the suggestions; Enter alone shows every result.
  await box.fill('carr');
  await expect(options.first()).toBeVisible();
  await box.press('Escape');
  await expect(suggestions).toBeHidden();
  await box.press('Enter');

  await expect(page).toHaveURL('/products?q=carr');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  const names = page.getByRole('article').getByRole('heading', { level: 3 });
  // Best first: the name that starts with the text, then near ones.
  await expect(names.first()).toHaveText('Carrot');
  await expect(page.getByRole('heading', { level: 2, name: 'Fresh Fruits' })).toHaveCount(0);
  // On the results, they follow the text; a typo finds what was meant.
  await box.fill('carrott');
  await expect(page).toHaveURL('/products?q=carrott');
  await expect(names.first()).toHaveText('Carrot');
  await expect(suggestions).toBeHidden();
  await page.reload();
  await expect(box).toHaveValue('carrott');
  await expect(names.first()).toHaveText('Carrot');

  await box.fill('');
  await expect(page).toHaveURL('/products');
  await expect(page.getByRole('heading', { level: 2, name: 'Fresh Fruits' })).toBeVisible();
  // In stock only: Brinjal and Gulab Jamun Mix never show.
  await expect(names.filter({ hasText: 'Carrot' })).toHaveCount(1);
  await expect(names.filter({ hasText: 'Brinjal' })).toHaveCount(0);
  await expect(names.filter({ hasText: 'Gulab Jamun Mix' })).toHaveCount(0);
});

test('a product page shows prices, description, weight and related products', async ({ page }) => {
  await page.goto('/products/vegetables');
  await page.getByRole('link', { name: 'Carrot', exact: true }).click();

  await expect(page).toHaveURL(/\/products\/vegetables\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Carrot' })).toBeVisible();
  await expect(page.getByText('Rs 48.00', { exact: true })).toBeVisible();
  await expect(page.getByText('Rs 48.00/pc')).toBeVisible();
  await expect(page.getByText('Rs 60.00')).toBeVisible();
  await expect(page.getByText('500 g')).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'from the mandi every morning' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Carrot' })).toBeVisible();

  const related = page.getByRole('region', { name: 'Related Products' });
  const relatedNames = related.getByRole('heading', { level: 3 });
  await expect(relatedNames).toHaveCount(5);
  await expect(relatedNames.filter({ hasText: 'Carrot' })).toHaveCount(0);
  await expect(related.getByText('Vegetables').first()).toBeVisible();
});

test('the product page says the tax is added at checkout, as the cart then adds it', async ({
  page,
}) => {
  await page.goto('/products/vegetables');
  await page.getByRole('link', { name: 'Carrot', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carrot' })).toBeVisible();

  await expect(page.getByText('(plus 2% tax, added at checkout)')).toBeVisible();
  await expect(page.getByText(/inclusive of all taxes/i)).toHaveCount(0);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByText('Tax (2%)')).toBeVisible();
});

test('a shopper fills the cart logged out, signs up keeping it, adds an address, orders cash on delivery and sees the order pending', async ({
  page,
}, testInfo) => {
  const shopper = newShopper(testInfo);

  // Logged out: the cart lives in the browser.
  await page.goto('/products/vegetables');
  await page.getByRole('button', { name: 'Add Carrot to cart' }).click();
  await expect(toast(page, 'Added to Cart')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await page.getByRole('button', { name: 'Add one more Carrot' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

  await page.goto('/products/fruits');
  await page.getByRole('link', { name: 'Apple', exact: true }).click();
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');

  // Signing up keeps the cart, and saves it on the server.
  await signUpInDialog(page, shopper);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
  await expect
    .poll(async () => {
      const answer = await (await page.request.get('/api/user/is-auth')).json();
      return Object.values(answer.user.cartItems as Record<string, number>).sort();
    })
    .toEqual([1, 2]);

  // The cart: both products, totals at offer prices with 2 % tax.
  const items = page.getByRole('region', { name: /Shopping Cart/ });
  await expect(items.getByRole('heading', { name: 'Carrot' })).toBeVisible();
  await expect(items.getByRole('heading', { name: 'Apple' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Free')).toBeVisible();
  await expect(summary.getByText('Tax (2%)')).toBeVisible();

  // Quantity is set directly from the selector.
  await items.getByLabel('Qty of Carrot').selectOption('3');
  await expect(toast(page, 'Cart Updated')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 4 items');

  // An address, then back to the cart with it chosen.
  await summary.getByRole('link', { name: 'Add address' }).click();
  await expect(page).toHaveURL('/add-address');
  await fillAddressForm(page);
  await page.getByRole('button', { name: 'Save address' }).click();

  await expect(page).toHaveURL('/cart');
  await expect(summary.getByRole('radio', { name: /12 MG Road, Bengaluru/ })).toBeChecked();

  // Carrot 3 × 48 + Apple 1 × offer price, plus 2 % tax: the total the order shows in ₹.
  const totalText = await summary
    .getByText(/^Rs \d+\.\d\d$/)
    .last()
    .textContent();
  const total = totalText!.replace('Rs ', '');

  await summary.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL('/my-orders');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');

  const order = page.getByRole('article').first();
  await expect(order.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(order.getByText(`₹${total}`)).toBeVisible();
  await expect(order.getByText('COD', { exact: false })).toBeVisible();
  await expect(order.getByRole('heading', { name: 'Carrot' })).toBeVisible();
  await expect(order.getByRole('heading', { name: 'Apple' })).toBeVisible();
  await expect(
    order.getByRole('list', { name: 'Delivery progress' }).getByRole('listitem'),
  ).toHaveText([/Pending/, /Picked/, /Delivered/]);

  // The server emptied the saved cart too.
  const answer = await (await page.request.get('/api/user/is-auth')).json();
  expect(answer.user.cartItems).toEqual({});
});

test('a new address starts from the account: name and email, India, a 6-digit PIN code on the number pad', async ({
  page,
}, testInfo) => {
  const shopper = newShopper(testInfo);
  await signUpViaApi(page, shopper);
  await page.goto('/add-address');

  const [firstName, lastName] = shopper.name.split(' ');
  await expect(page.getByLabel('First name')).toHaveValue(firstName!);
  await expect(page.getByLabel('Last name')).toHaveValue(lastName!);
  await expect(page.getByLabel('Email address')).toHaveValue(shopper.email);
  await expect(page.getByLabel('Country')).toHaveValue('India');
  const pin = page.getByLabel('PIN code');
  await expect(pin).toHaveAttribute('inputmode', 'numeric');
  await expect(pin).toHaveAttribute('pattern', '[0-9]{6}');
  // Only the form: no decoration filling the rest of a laptop's screen.
  await expect(page.getByRole('main').locator('[aria-hidden="true"] svg')).toHaveCount(0);

  await page.getByLabel('Street').fill('12 MG Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').fill('Karnataka');
  await pin.fill('56001');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByRole('button', { name: 'Save address' }).click();
  // Five digits are not a PIN code: the browser holds the form back.
  await expect(page).toHaveURL('/add-address');
  await pin.fill('560001');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL('/cart');
});

test('placing an order with no address chosen says "Please select an address"', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page, newShopper(testInfo));
  await page.goto('/products/vegetables');
  await page.getByRole('button', { name: 'Add Carrot to cart' }).click();
  await cartLink(page).click();

  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('No address saved yet.')).toBeVisible();
  await summary.getByRole('button', { name: 'Place Order' }).click();

  await expect(toast(page, 'Please select an address')).toBeVisible();
  await expect(page).toHaveURL('/cart');
});

test('add-address sends a visitor who is not logged in to the cart', async ({ page }) => {
  await page.goto('/add-address');
  await expect(page).toHaveURL('/cart');
});

test('a wrong password shows the server’s message, and the dialog closes on Escape handing focus back', async ({
  page,
  expectFailedRequest,
}, testInfo) => {
  const shopper = newShopper(testInfo);
  expectFailedRequest('/api/user/login', 401);
  await signUpViaApi(page, shopper);
  await page.request.get('/api/user/logout');

  await page.goto('/');
  const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
  await login.click();
  const dialog = page.getByRole('dialog', { name: 'User Login' });
  await expect(dialog.getByLabel('Name')).toHaveCount(0);
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(login).toBeFocused();

  // Logging in for real, then out through the profile menu, empties the browser's cart.
  await login.click();
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Logged In')).toBeVisible();
  await page.getByRole('button', { name: 'Add Carrot to cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

  const account = page.getByRole('button', { name: `Account: ${shopper.name}` });
  await account.click();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(account).toHaveAttribute('aria-expanded', 'false');
  await expect(account).toBeFocused();
  await account.press('Enter');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
});

test('the saved cart comes back on the next visit, merged with what was added logged out', async ({
  page,
}, testInfo) => {
  const shopper = newShopper(testInfo);
  await signUpViaApi(page, shopper);
  const carrot = await productId(page, 'Carrot');
  const brinjal = await productId(page, 'Brinjal');
  await page.request.post('/api/cart/update', { data: { cartItems: { [carrot]: 2 } } });
  await page.request.get('/api/user/logout');

  // Logged out: 1 carrot, plus an out-of-stock product left in the browser's cart.
  await page.goto('/');
  await page.evaluate(
    ([carrotId, brinjalId]) =>
      localStorage.setItem('kirana.cart', JSON.stringify({ [carrotId!]: 1, [brinjalId!]: 1 })),
    [carrot, brinjal],
  );
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'User Login' });
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Login' }).click();

  // 2 + 1 carrots; Brinjal is out of stock and dropped.
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
  await expect
    .poll(async () => (await (await page.request.get('/api/user/is-auth')).json()).user.cartItems)
    .toEqual({ [carrot]: 3 });
});

test('the seller and agent areas hide the shopper nav and footer', async ({ page }) => {
  for (const path of ['/seller', '/agents']) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Quick Links' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Cart, / })).toHaveCount(0);
  }
});

test('a laptop shows six products a row and two rows at once, and All Products gives each category one shelf', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'seen on a laptop');
  await page.goto('/products/vegetables');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const tops = await cards.evaluateAll((all) =>
    all.map((card) => Math.round(card.getBoundingClientRect().top)),
  );
  const [firstRow = 0] = tops;
  expect(tops.filter((top) => top === firstRow).length).toBeGreaterThanOrEqual(6);
  const secondRow = Math.min(...tops.filter((top) => top > firstRow));
  expect(secondRow).toBeLessThan(page.viewportSize()!.height);

  await page.goto('/products');
  const veggies = page.getByRole('region', { name: 'Organic veggies' }).getByRole('article');
  await expect(veggies.first()).toBeVisible();
  // One row, scrolled sideways: no card left alone on a last row.
  const rows = await veggies.evaluateAll(
    (all) => new Set(all.map((card) => Math.round(card.getBoundingClientRect().top))).size,
  );
  expect(rows).toBe(1);
});
