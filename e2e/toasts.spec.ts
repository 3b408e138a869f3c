import {
  createAgent,
  logInAsAgent,
  orderCard,
  pairPhone,
  placeCodOrder,
  toast as agentToast,
} from './support/agent';
import { expect, test } from './support/fixtures';
import { cartLink, toast } from './support/shopper';

test.describe('toasts on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'seen on a phone: run with --project phone');

  test('three quick adds are one "Added to Cart", clear of the navigation', async ({ page }) => {
    await page.goto('/products/vegetables');
    for (const name of ['Carrot', 'Potato', 'Onion']) {
      await page.getByRole('button', { name: `Add ${name} to cart` }).tap();
    }
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');

    const added = toast(page, 'Added to Cart');
    await expect(added).toHaveCount(1);
    const banner = await page.getByRole('banner').boundingBox();
    const shown = await added.boundingBox();
    expect(banner && shown).toBeTruthy();
    // Below the whole navigation bar: the logo, the cart and Login stay in sight and tappable.
    expect(shown!.y).toBeGreaterThanOrEqual(banner!.y + banner!.height);
    await cartLink(page).tap();
    await expect(page).toHaveURL('/cart');
  });

  test('a login that works takes away the error of the one before', async ({ page }, testInfo) => {
    const agent = await createAgent(testInfo);
    await pairPhone(page, agent);
    await page.goto('/agents');

    await page.getByRole('button', { name: 'Login' }).tap();
    const refused = agentToast(page, 'Phone number required');
    await expect(refused).toBeVisible();

    await page.getByLabel('Phone number').fill(agent.phone);
    await page.getByRole('button', { name: 'Login' }).tap();
    await expect(page.getByRole('banner').getByText(`Hi, ${agent.name}`)).toBeVisible();
    // Gone at once, not after its 4 seconds.
    await expect(refused).toHaveCount(0, { timeout: 1000 });
  });

  test("the agent app's toasts rise above the tabs, let a tap through and leave on time", async ({
    page,
  }, testInfo) => {
    const agent = await createAgent(testInfo);
    const order = await placeCodOrder(testInfo);
    await logInAsAgent(page, agent);
    await orderCard(page, order).getByRole('button', { name: 'Accept' }).tap();
    const accepted = agentToast(page, 'Order accepted');
    await expect(accepted).toBeVisible();
    // Where it comes to rest: while it slides in, it starts lower.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished)),
    );
    const tabs = page.getByRole('navigation', { name: 'Agent screens' });
    const [shown, bar] = [(await accepted.boundingBox())!, (await tabs.boundingBox())!];
    expect(shown.y + shown.height).toBeLessThanOrEqual(bar.y);

    // A tap on the toast reaches what lies under it, and leaves no pointer to hold it there.
    const [x, y] = [shown.x + shown.width / 2, shown.y + shown.height / 2];
    const under = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('.toast-layer') === null,
      [x, y],
    );
    expect(under, 'the element under the toast takes the tap').toBe(true);
    await page.touchscreen.tap(x, y);
    await expect(accepted).toHaveCount(0, { timeout: 4000 });

    await orderCard(page, order).getByRole('button', { name: 'Mark Picked' }).tap();
    await expect(agentToast(page, 'Order status updated to Picked')).toBeVisible();
    await tabs.getByRole('link', { name: 'Delivered Orders' }).tap();
    await expect(page).toHaveURL('/agents/delivered');
  });

  test('a login error is a toast above the login dialog, not dimmed under its backdrop', async ({
    page,
    expectFailedRequest,
  }) => {
    expectFailedRequest('/api/user/login', 401);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).tap();
    const dialog = page.getByRole('dialog', { name: 'User Login' });
    await dialog.getByLabel('Email').fill('nobody@example.com');
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Login' }).tap();

    const error = toast(page, 'Invalid email or password');
    await expect(error).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password');
    const settled = () =>
      page.evaluate(() => Promise.all(document.getAnimations().map((each) => each.finished)));
    await settled();
    const overTheDialog = await error.screenshot();
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await expect(dialog).toBeHidden();
    await settled();
    // The same pixels with and without the dialog's backdrop: the toast was on top of it.
    expect(overTheDialog.equals(await error.screenshot())).toBe(true);
  });
});
