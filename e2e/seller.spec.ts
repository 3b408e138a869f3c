import type { Page } from '@playwright/test';
import { seriousViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import {
  catalogue,
  logInAsSeller,
  placeShopperOrder,
  SELLER,
  solidPng,
  toast,
  uniqueSuffix,
} from './support/seller';

/** What the fake desktop bridge recorded, in call order. */
type BridgeCall = ['newOrders', string[]] | ['acknowledgeOrders', string[]] | ['print', string];

/** Makes the page look like the desktop counter app: a `window.kirana` that records its calls. */
async function pretendDesktopApp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    Object.assign(window, {
      kiranaCalls: calls,
      kirana: {
        newOrders: async (orders: { _id: string }[]) => {
          calls.push(['newOrders', orders.map((order) => order._id)]);
        },
        acknowledgeOrders: async (ids: string[]) => {
          calls.push(['acknowledgeOrders', ids]);
        },
        printPackingSlip: async (order: { _id: string }) => {
          calls.push(['print', order._id]);
          return { printed: false, reason: 'The printer is offline' };
        },
      },
    });
  });
}

const bridgeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { kiranaCalls: BridgeCall[] }).kiranaCalls);

test.describe('seller screens', () => {
  test.skip(({ isMobile }) => isMobile, 'the seller screens are for the counter and laptops');

  test('the login form shows the server’s message, start-up keeps the session, Logout ends it', async ({
    page,
    expectFailedRequest,
  }) => {
    expectFailedRequest('/api/seller/login', 401);
    await page.goto('/seller/orders');

    await expect(page.getByRole('heading', { level: 1, name: 'Seller Login' })).toBeVisible();
    // The shopper's nav and footer never show in the seller area.
    await expect(page.getByRole('link', { name: 'All Products' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    // No made-up address to copy: the account is the one the store was started with.
    await expect(page.getByLabel('Email')).not.toHaveAttribute('placeholder');
    await page.getByLabel('Email').fill(SELLER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Invalid email or password')).toBeVisible();

    await page.getByLabel('Password').fill(SELLER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('banner').getByText('Hi! Admin')).toBeVisible();
    // The screen asked for stays: /seller/orders.
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Seller' });
    for (const [name, path] of [
      ['Add Product', '/seller'],
      ['Product List', '/seller/product-list'],
      ['Orders', '/seller/orders'],
      ['Agents', '/seller/agents'],
    ] as const) {
      await expect(sidebar.getByRole('link', { name })).toHaveAttribute('href', path);
    }
    await expect(sidebar.getByRole('link', { name: 'Orders' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.reload();
    await expect(page.getByRole('banner').getByText('Hi! Admin')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Login' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Login' })).toBeVisible();
  });

  test('a product added with two pictures reaches the storefront, and leaves it when out of stock', async ({
    page,
    request,
  }) => {
    const name = `Counter Test Jamun ${uniqueSuffix()}`;
    await logInAsSeller(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();

    await page.getByLabel('Product image 1').setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: solidPng([92, 40, 120]),
    });
    await page.getByLabel('Product image 2').setInputFiles({
      name: 'back.png',
      mimeType: 'image/png',
      buffer: solidPng([40, 150, 60]),
    });
    // Each chosen picture shows as a preview from an object URL.
    const previews = page.locator('img[src^="blob:"]');
    await expect(previews).toHaveCount(2);
    await expect
      .poll(() =>
        previews.evaluateAll((images: HTMLImageElement[]) => images.map((i) => i.naturalWidth)),
      )
      .toEqual([32, 32]);

    await page.getByLabel('Product name').fill(name);
    await page.getByLabel('Product description').fill('Fresh from the farm\nRich in iron\n');
    await page.getByLabel('Category').selectOption({ label: 'Fresh Fruits' });
    await page.getByLabel('Product price (₹)').fill('150');
    // Checked by the server's own rules before anything is sent.
    await page.getByLabel('Offer price (₹)').fill('150.01');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(toast(page, 'Offer price must not exceed price')).toBeVisible();
    await page.getByLabel('Offer price (₹)').fill('129.50');
    await page.getByLabel('Weight (optional)').fill('250 g');
    await page.getByRole('button', { name: 'Add product' }).click();

    await expect(toast(page, 'Product Added')).toBeVisible();
    // The form starts afresh, its previews gone.
    await expect(page.getByLabel('Product name')).toHaveValue('');
    await expect(previews).toHaveCount(0);

    const added = (await catalogue(request)).find((product) => product.name === name);
    expect(added).toMatchObject({ category: 'Fruits', offerPrice: 129.5, inStock: true });
    expect(added?.image).toHaveLength(2);
    const picture = await request.get(added!.image[0]!);
    expect(picture.headers()['content-type']).toBe('image/webp');

    const shelf = page.getByRole('article').getByRole('heading', { level: 3, name });
    await page.goto('/products/fruits');
    await expect(shelf).toBeVisible();

    await page.goto('/seller/product-list');
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await expect(page).toHaveURL(`/seller/product-list?${new URLSearchParams({ q: name })}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Fresh Fruits');
    await expect(row).toContainText('₹129.50');
    const inStock = row.getByRole('switch', { name: `${name} in stock` });
    await expect(inStock).toBeChecked();
    await inStock.click();
    await expect(toast(page, 'Stock Updated')).toBeVisible();
    await expect(inStock).not.toBeChecked();

    expect((await catalogue(request)).find((product) => product.name === name)?.inStock).toBe(
      false,
    );
    await page.goto('/products/fruits');
    await expect(
      page.getByRole('article').getByRole('heading', { level: 3, name: 'Apple', exact: true }),
    ).toBeVisible();
    await expect(shelf).toHaveCount(0);
  });

  test('a shopper’s new order shows on Orders with its items, address, amount in ₹ and payment', async ({
    page,
    request,
  }) => {
    const order = await placeShopperOrder(request);
    await logInAsSeller(page);
    await page
      .getByRole('navigation', { name: 'Seller' })
      .getByRole('link', { name: 'Orders' })
      .click();

    const card = page.getByRole('article').filter({ hasText: order.address.lastName });
    await expect(card).toBeVisible();
    for (const { name, quantity } of order.items) {
      await expect(card.getByRole('listitem').filter({ hasText: name })).toContainText(
        `× ${quantity}`,
      );
    }
    const { address } = order;
    const shipTo = card.getByRole('region', { name: 'Delivery address' });
    for (const part of [
      `${address.firstName} ${address.lastName}`,
      address.street,
      `${address.city}, ${address.state} ${address.zipcode}`,
      address.country,
      address.phone,
    ]) {
      await expect(shipTo).toContainText(part);
    }
    const payment = card.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText(`₹${order.amount.toFixed(2)}`);
    await expect(payment).toContainText('COD');
    await expect(payment).toContainText('Pending');
    await expect(card).toContainText('Order Placed');
    await expect(card.getByRole('region', { name: 'Delivery agent' })).toContainText('Unassigned');
    // Printing needs the desktop app.
    await expect(card.getByRole('button', { name: 'Print packing slip' })).toHaveCount(0);
  });

  test('Turn on browser alerts says what came of it: on, or blocked by the browser and how to allow them', async ({
    page,
    context,
  }) => {
    await logInAsSeller(page);
    await page.goto('/seller/orders');
    const turnOn = page.getByRole('button', { name: 'Turn on browser alerts' });
    // Headless Chromium answers 'denied' unless the site was allowed.
    await turnOn.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'This browser blocks alerts' }),
    ).toContainText('allow notifications in its settings for this site, then reload');
    await expect(turnOn).toHaveCount(0);

    // Allowed in the browser's settings: after a reload nothing is asked or said any more.
    await context.grantPermissions(['notifications']);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(turnOn).toHaveCount(0);
    await expect(page.getByText('This browser blocks alerts')).toHaveCount(0);
  });

  test('in the desktop app, a new order is announced, acknowledged on Orders, and its slip printed', async ({
    page,
    request,
  }) => {
    await pretendDesktopApp(page);
    const firstLoad = page.waitForResponse((response) =>
      response.url().includes('/api/order/seller'),
    );
    await logInAsSeller(page);
    await firstLoad;
    // The live stream is up (the Orders screen says so); then the seller goes back to Add Product.
    await page.getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
    await page.getByRole('link', { name: 'Add Product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();

    // Placed while the seller is on Add Product: the live order:created brings it at once, with
    // no fetch of the orders (the screens do not poll while the socket is up).
    const ordersFetched: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/order/seller')) ordersFetched.push(sent.url());
    });
    const order = await placeShopperOrder(request);

    await expect
      .poll(() => bridgeCalls(page), { timeout: 5_000 })
      .toContainEqual(['newOrders', [order.id]]);
    expect(ordersFetched, 'the announcement came over the socket, not a fetch').toEqual([]);
    const acknowledged = async () =>
      (await bridgeCalls(page))
        .filter((call) => call[0] === 'acknowledgeOrders')
        .flatMap((call) => call[1]);
    expect(await acknowledged()).not.toContain(order.id);

    await page.getByRole('link', { name: 'Orders' }).click();
    await expect.poll(acknowledged).toContain(order.id);

    const card = page.getByRole('article').filter({ hasText: order.address.lastName });
    await card.getByRole('button', { name: 'Print packing slip' }).click();
    await expect.poll(() => bridgeCalls(page)).toContainEqual(['print', order.id]);
    await expect(toast(page, 'The printer is offline')).toBeVisible();
  });

  test('agents: empty fields are refused without a call, an agent is added, then removed after confirming', async ({
    page,
  }) => {
    const agent = { name: `Ravi ${uniqueSuffix()}`, phone: `9${Date.now() % 1_000_000_000}` };
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/agents/create')) creates.push(request.url());
    });
    await logInAsSeller(page);
    await page.getByRole('link', { name: 'Agents' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();

    const addAgent = page.getByRole('button', { name: 'Add agent' });
    await addAgent.click();
    await expect(toast(page, 'All fields required')).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.getByLabel('Name').fill(agent.name);
    await addAgent.click();
    await expect(page.getByLabel('Phone')).toBeFocused();
    expect(creates).toEqual([]);

    await page.getByLabel('Phone').fill(agent.phone);
    await addAgent.click();
    await expect(toast(page, 'Agent added')).toBeVisible();
    // The success answers the error: it does not stay beside it.
    await expect(toast(page, 'All fields required')).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: agent.name });
    await expect(row).toContainText(agent.phone);
    // Neither free nor on duty before a phone is paired.
    await expect(row).toContainText('No phone paired yet');
    await expect(row).not.toContainText('On duty');
    await expect(page.getByLabel('Name')).toHaveValue('');

    // Escape cancels; focus goes back to the button that asked.
    const remove = row.getByRole('button', { name: `Remove ${agent.name}` });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Remove agent' });
    await expect(dialog).toContainText('Are you sure you want to remove this agent?');
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    const confirm = dialog.getByRole('button', { name: 'Remove' });
    await expect(cancel).toBeFocused();
    // Tab stays inside the dialog.
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(row).toBeVisible();

    // Confirmed with the keyboard.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Agent removed')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
  });

  test('the storefront’s first load carries none of the seller code', async ({ page }) => {
    const loaded: Promise<string>[] = [];
    page.on('response', (response) => {
      if (/\.(js|css)$/.test(new URL(response.url()).pathname)) loaded.push(response.text());
    });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Best Sellers' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const storefront = await Promise.all(loaded);
    expect(storefront.length).toBeGreaterThan(0);
    // A class name only the seller layout and its stylesheet carry.
    expect(storefront.filter((text) => text.includes('seller-login-card'))).toEqual([]);

    loaded.length = 0;
    await page.goto('/seller');
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Login' })).toBeVisible();
    const seller = await Promise.all(loaded);
    expect(seller.filter((text) => text.includes('seller-login-card')).length).toBeGreaterThan(0);
  });

  test('the seller screens have no serious or critical accessibility violation', async ({
    page,
    request,
  }) => {
    // Every screen scanned by axe, the orders one holding every order of the run so far.
    test.slow();
    await placeShopperOrder(request);
    await page.goto('/seller');
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Login' })).toBeVisible();
    expect(await seriousViolations(page), 'login').toEqual([]);

    await logInAsSeller(page);
    await expect(page.getByLabel('Product name')).toBeVisible();
    expect(await seriousViolations(page), 'add product').toEqual([]);

    await page.getByRole('link', { name: 'Product List' }).click();
    await expect(page.getByRole('switch').first()).toBeVisible();
    expect(await seriousViolations(page), 'product list').toEqual([]);

    await page.getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await seriousViolations(page), 'orders').toEqual([]);

    await page.getByRole('link', { name: 'Agents' }).click();
    await page.getByLabel('Name').fill(`Axe ${uniqueSuffix()}`);
    await page.getByLabel('Phone').fill(`8${Date.now() % 1_000_000_000}`);
    await page.getByRole('button', { name: 'Add agent' }).click();
    await page
      .getByRole('button', { name: /^Remove / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Remove agent' })).toBeVisible();
    expect(await seriousViolations(page), 'agents with the confirmation').toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page
      .getByRole('button', { name: /^Cash of / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: /^Cash of / })).toContainText('In hand');
    expect(await seriousViolations(page), 'an agent’s cash').toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Cash report' }).click();
    await expect(page.getByRole('row', { name: /^Total/ })).toBeVisible();
    expect(await seriousViolations(page), 'cash report').toEqual([]);

    await page.getByRole('link', { name: 'Backups', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Last backup' })).toBeVisible();
    expect(await seriousViolations(page), 'backups').toEqual([]);
  });
});
