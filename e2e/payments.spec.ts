import { orderNumber } from '@kirana/shared';
import type { Page, TestInfo } from '@playwright/test';
import {
  createAgent,
  deliverAndFindUnderDelivered,
  logInAsAgent,
  orderCard as agentOrderCard,
  placeCodOrder,
  rupees,
} from './support/agent';
import { expect, test } from './support/fixtures';
import {
  aLaptop,
  expectSandboxCheckout,
  SANDBOX_FAILURE,
  sandboxCheckout,
  sandboxFrame,
} from './support/payments';
import { logInAsSeller } from './support/seller';
import {
  addAddressViaApi,
  ADDRESS,
  cartLink,
  newShopper,
  signUpViaApi,
  toast,
} from './support/shopper';

/** Whether two boxes on the screen overlap. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

/**
 * A new shopper with a saved address fills the cart on the storefront (2 carrots and an apple),
 * opens it and chooses Online Payment; answers the cart's total in rupees.
 */
async function fillCartAndChooseOnline(page: Page, testInfo: TestInfo) {
  await signUpViaApi(page, newShopper(testInfo));
  await addAddressViaApi(page);

  await page.goto('/products/vegetables');
  await page.getByRole('button', { name: 'Add Carrot to cart' }).tap();
  await expect(toast(page, 'Added to Cart')).toBeVisible();
  await page.getByRole('button', { name: 'Add one more Carrot' }).tap();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  await page.goto('/products/fruits');
  await page.getByRole('button', { name: 'Add Apple to cart' }).tap();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
  await cartLink(page).tap();
  await expect(page).toHaveURL('/cart');

  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(
    summary.getByRole('radio', { name: new RegExp(`${ADDRESS.street}, ${ADDRESS.city}`) }),
  ).toBeChecked();
  await expect(summary.getByRole('radio', { name: 'Cash On Delivery' })).toBeChecked();
  await summary.getByRole('radio', { name: 'Online Payment' }).tap();
  await expect(summary.getByRole('radio', { name: 'Online Payment' })).toBeChecked();

  const total = await summary
    .getByText(/^Rs \d+\.\d\d$/)
    .last()
    .textContent();
  return Number(total!.replace('Rs ', ''));
}

/** The shopper's order on My Orders, by the number its heading (and Checkout) shows. */
const myOrder = (page: Page, description: string) =>
  page.getByRole('article', { name: description });

/** The order's card says it is paid online, and follows its delivery: no payment is awaited. */
async function expectPaidOnline(page: Page, description: string, total: number) {
  const card = myOrder(page, description);
  await expect(card.getByText('Online · Paid', { exact: true })).toBeVisible();
  await expect(card.getByText(`₹${total.toFixed(2)}`, { exact: true })).toBeVisible();
  await expect(card.getByText('Awaiting payment')).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);
  await expect(
    card.getByRole('list', { name: 'Delivery progress' }).getByRole('listitem'),
  ).toHaveText([/Pending/, /Picked/, /Delivered/]);
}

test.describe('online payments in the payment sandbox', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'paid on a phone, by taps: run with --project phone');

  test('a shopper pays online at the cart in the sandbox checkout, for the amount the cart showed, and My Orders shows the order paid', async ({
    page,
  }, testInfo) => {
    const total = await fillCartAndChooseOnline(page, testInfo);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await summary.getByRole('button', { name: 'Place Order' }).tap();

    // The order is placed (the cart empties, My Orders opens) and Checkout opens over it.
    await expect(page).toHaveURL('/my-orders');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
    const description = await expectSandboxCheckout(page, total);
    await expect(myOrder(page, description)).toBeAttached();

    await sandboxCheckout(page)
      .getByRole('button', { name: /^Pay ₹/ })
      .tap();
    await expect(toast(page, 'Payment successful!')).toBeVisible();
    await expect(sandboxFrame(page)).toHaveCount(0);
    await expectPaidOnline(page, description, total);

    // As the server has it, after a reload too.
    await page.reload();
    await expectPaidOnline(page, description, total);
  });

  test('a failed and then a closed payment say why, leave the order awaiting payment, and Pay now pays it', async ({
    page,
  }, testInfo) => {
    const total = await fillCartAndChooseOnline(page, testInfo);
    await page
      .getByRole('region', { name: 'Order Summary' })
      .getByRole('button', { name: 'Place Order' })
      .tap();
    await expect(page).toHaveURL('/my-orders');
    const description = await expectSandboxCheckout(page, total);
    const checkout = sandboxCheckout(page);

    // A failed attempt is told by Checkout, which stays open for another try: no toast over it.
    await checkout.getByRole('button', { name: 'Fail payment' }).tap();
    await expect(checkout.getByRole('alert')).toHaveText(`Payment failed: ${SANDBOX_FAILURE}`);
    await expect(sandboxFrame(page)).toBeVisible();
    await expect(checkout.getByRole('button', { name: /^Pay ₹/ })).toBeEnabled();
    // And the toasts from before (Added to Cart) leave on time though Checkout's frame has the focus.
    await expect(page.locator('#notistack-snackbar')).toHaveCount(0);

    // Closing it without paying: one toast says why and that the order awaits its payment.
    await checkout.getByRole('button', { name: 'Close the payment' }).tap();
    const told = toast(
      page,
      `Order failed: ${SANDBOX_FAILURE} Your order waits for its payment: Pay now in My Orders`,
    );
    await expect(told).toBeVisible();
    await expect(page.locator('#notistack-snackbar')).toHaveCount(1);
    await expect(sandboxFrame(page)).toHaveCount(0);
    const card = myOrder(page, description);
    await expect(card).toContainText(
      `Your payment did not go through: ${SANDBOX_FAILURE} Try again with Pay now.`,
    );
    // The order's Pay now and Cancel order are in view and clear of the toast; Pay now has the focus.
    const payAgain = card.getByRole('button', { name: /^Pay now/ });
    await expect(payAgain).toBeFocused();
    for (const button of [payAgain, card.getByRole('button', { name: /^Cancel order/ })]) {
      await expect(button).toBeInViewport();
      const toastBox = (await told.locator('xpath=..').boundingBox())!;
      expect(overlap((await button.boundingBox())!, toastBox)).toBe(false);
    }
    // As the server has it: a reload shows the same order awaiting its payment.
    await page.reload();
    await expect(card.getByText('Awaiting payment').first()).toBeVisible();
    await expect(card.getByText('Online · Pending', { exact: true })).toBeVisible();
    await expect(card.getByRole('list', { name: 'Delivery progress' })).toHaveCount(0);
    const payNow = card.getByRole('button', {
      name: `Pay now for ${description.replace(/^Order/, 'order')}`,
    });
    await expect(payNow).toBeEnabled();

    // 'Pay now' opens Checkout again for the same order and amount.
    await payNow.tap();
    expect(await expectSandboxCheckout(page, total)).toBe(description);
    await checkout.getByRole('button', { name: /^Pay ₹/ }).tap();
    await expect(toast(page, 'Payment successful!')).toBeVisible();
    await expect(sandboxFrame(page)).toHaveCount(0);
    await expectPaidOnline(page, description, total);
  });

  test('an agent collects a cash-on-delivery order online at the door, delivers it, and the seller sees it paid online at the door', async ({
    page,
    browser,
  }, testInfo) => {
    const agent = await createAgent(testInfo);
    const order = await placeCodOrder(testInfo);

    await logInAsAgent(page, agent);
    const card = agentOrderCard(page, order);
    await card.getByRole('button', { name: 'Accept' }).tap();
    await expect(toast(page, 'Order accepted')).toBeVisible();
    await card.getByRole('button', { name: 'Mark Picked' }).tap();
    await expect(toast(page, 'Order status updated to Picked')).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mark Delivered' })).toHaveCount(0);

    // The sandbox checkout opens on the agent's phone for the order's amount, for the customer.
    await card.getByRole('button', { name: `Collect online ${rupees(order.amount)}` }).tap();
    expect(await expectSandboxCheckout(page, order.amount)).toBe(`Order ${order.number}`);
    const checkout = sandboxCheckout(page);
    await expect(checkout.getByText(order.customer, { exact: true })).toBeVisible();
    await checkout.getByRole('button', { name: /^Pay ₹/ }).tap();
    await expect(toast(page, 'Payment successful!')).toBeVisible();
    await expect(sandboxFrame(page)).toHaveCount(0);
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();

    await deliverAndFindUnderDelivered(page, card, order.pin);

    // At the counter: a cash-on-delivery order, paid online at the door.
    const counter = await aLaptop(browser, testInfo);
    try {
      await logInAsSeller(counter.page);
      await counter.page
        .getByRole('navigation', { name: 'Seller' })
        .getByRole('link', { name: 'Orders' })
        .click();
      const sellerCard = counter.page.getByRole('article', {
        name: `Order #${orderNumber(order.id)}`,
      });
      await expect(sellerCard).toContainText('Delivered');
      const payment = sellerCard.getByRole('region', { name: 'Payment' });
      await expect(payment).toContainText(rupees(order.amount));
      await expect(payment).toContainText('COD · Paid online at the door');
      await expect(sellerCard.getByRole('region', { name: 'Delivery agent' })).toContainText(
        agent.name,
      );
      expect(counter.errors).toEqual([]);
    } finally {
      await counter.context.close();
    }
  });
});
