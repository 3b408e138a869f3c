import { createAgent, placeCodOrder } from './support/agent';
import { expect, test } from './support/fixtures';
import { logInAsSeller } from './support/seller';

test.describe('the seller area on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'at 390 px: run with --project phone');

  test('every screen fits the phone’s width, the greeting on one line, the stock switch in reach', async ({
    page,
  }, testInfo) => {
    const agent = await createAgent(testInfo, 'Ravindranath');
    await placeCodOrder(testInfo);
    await logInAsSeller(page);

    const greeting = page.getByText('Hi! Admin');
    const logout = page.getByRole('button', { name: 'Logout' });
    const greetingBox = await greeting.boundingBox();
    const logoutBox = await logout.boundingBox();
    // One line: no taller than the Logout button beside it.
    expect(greetingBox!.height).toBeLessThanOrEqual(logoutBox!.height);

    // The side menu names each screen under its icon, inside the narrow column.
    const nav = page.getByRole('navigation', { name: 'Seller' });
    const navBox = await nav.boundingBox();
    for (const name of [
      'Add Product',
      'Product List',
      'Categories',
      'Import',
      'Orders',
      'Agents',
      'Backups',
    ]) {
      const label = nav.getByRole('link', { name }).getByText(name);
      await expect(label).toBeVisible();
      const box = await label.boundingBox();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(navBox!.x + navBox!.width);
    }

    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    const screens = [
      ['/seller', 'Add Product', page.getByLabel('Product name')],
      ['/seller/product-list?q=Carrot', 'Product List', page.getByRole('row', { name: /Carrot/ })],
      ['/seller/orders', 'Orders', page.getByRole('article').first()],
      ['/seller/agents', 'Agents', page.getByRole('row', { name: new RegExp(agent.name) })],
      ['/seller/backups', 'Backups', page.getByRole('region', { name: 'Last backup' })],
    ] as const;
    for (const [path, heading, content] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(content).toBeVisible();
      expect(await width(), path).toBeLessThanOrEqual(390);
    }

    await page.goto('/seller/product-list?q=Carrot');
    const carrot = page.getByRole('switch', { name: 'Carrot in stock' });
    const box = await carrot.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    // A long name leaves every column on the screen: the table needs no sideways scroll.
    await page.goto('/seller/product-list?q=Makhani');
    await expect(page.getByRole('row', { name: /Ready-to-eat Dal Makhani/ })).toBeVisible();
    const table = page.getByRole('table', { name: 'Products' });
    // Its box scrolls sideways when the table is wider than the screen.
    const scroller = table.locator('xpath=..');
    expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);

    // The cash report's columns do not fit: the phone says the table scrolls sideways.
    await page.goto('/seller/cash-report');
    await expect(page.getByRole('row', { name: /^Total/ })).toBeVisible();
    await expect(page.getByText(/^Swipe the table sideways for all \d+ columns/)).toBeVisible();
    expect(await width(), '/seller/cash-report').toBeLessThanOrEqual(390);

    await page.goto('/seller/agents');
    const remove = page.getByRole('button', { name: `Remove ${agent.name}` });
    const removeBox = await remove.boundingBox();
    expect(removeBox!.x + removeBox!.width).toBeLessThanOrEqual(390);
  });
});
