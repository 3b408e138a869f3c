import { orderNumber } from '@kirana/shared';
import { request as newRequest, type APIRequestContext, type TestInfo } from '@playwright/test';
import { createAgent, inviteAgent, randomPhone } from './support/agent';
import { seriousViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { sandboxCheckout, sandboxFrame } from './support/payments';
import { SELLER } from './support/seller';
import { addAddressViaApi, cartLink, newShopper, signUpViaApi, toast } from './support/shopper';

// The demo store, whose orders many specs share (the real shop's store is for specs that count
// its orders and its till's cash exactly).

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** '₹123.40', as the khata's screens show amounts. */
const rupees = (amount: number) => `₹${amount.toFixed(2)}`;

/**
 * The shop delivers the shopper's order `orderId`, as its agent would through the agents' API:
 * a new agent's phone paired and logged in, the order accepted, picked and delivered with `pin`.
 */
async function deliver(testInfo: TestInfo, orderId: string, pin: string | null) {
  const added = await createAgent(testInfo, 'Khata');
  const { code } = await inviteAgent(added);
  const agent = await newRequest.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await ok(await agent.post('/api/agents/pair', { data: { code } }));
    await ok(await agent.post('/api/agents/login', { data: { phone: added.phone } }));
    await ok(await agent.post('/api/agents/accept', { data: { orderId } }));
    await ok(await agent.put(`/api/agents/status/${orderId}`, { data: { status: 'Picked' } }));
    // A khata order is delivered unpaid: it goes on the khata.
    await ok(
      await agent.put(`/api/agents/status/${orderId}`, { data: { status: 'Delivered', pin } }),
    );
  } finally {
    await agent.dispose();
  }
}

test.describe('the shopper’s khata', () => {
  test.skip(({ isMobile }) => !isMobile, 'the storefront on a phone');

  test('a shopper the shop keeps a khata for orders on “Pay later”, sees the order go on “My khata” once delivered, and pays part of the due online', async ({
    page,
  }, testInfo) => {
    test.slow();
    const seller = await newRequest.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      await ok(await seller.post('/api/seller/login', { data: SELLER }));
      // A new shopper, whom the seller finds by e-mail and links to a khata with a ₹2000 limit.
      const shopper = newShopper(testInfo);
      await signUpViaApi(page, shopper);
      await addAddressViaApi(page);
      const { shoppers } = (await ok(
        await seller.get(`/api/khata/shoppers?q=${encodeURIComponent(shopper.email)}`),
      )) as { shoppers: { _id: string; email: string }[] };
      expect(shoppers.map((found) => found.email)).toEqual([shopper.email]);
      await ok(
        await seller.post('/api/khata/customers', {
          data: {
            name: shopper.name,
            phone: randomPhone(),
            creditLimit: 2000,
            shopper: shoppers[0]!._id,
          },
        }),
      );

      await page.goto('/products/vegetables');
      await page.getByRole('button', { name: 'Add Carrot to cart' }).tap();
      await expect(toast(page, 'Added to Cart')).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
      await cartLink(page).tap();
      await expect(page).toHaveURL('/cart');

      const summary = page.getByRole('region', { name: 'Order Summary' });
      const payLater = summary.getByRole('radio', { name: /^Pay later \(khata\)/ });
      await expect(payLater).toHaveAccessibleDescription(
        'You owe ₹0.00 · ₹2000.00 of your ₹2000.00 limit left',
      );
      await payLater.tap();
      await expect(payLater).toBeChecked();
      await summary.getByRole('button', { name: 'Place Order' }).tap();

      // Placed: My Orders shows it paid later, on the khata; nothing owed until it is delivered.
      await expect(page).toHaveURL('/my-orders');
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
      const { orders } = (await ok(await page.request.get('/api/order/user'))) as {
        orders: { _id: string; amount: number; deliveryPin: string | null; paymentType: string }[];
      };
      const order = orders[0]!;
      expect(order.paymentType).toBe('Khata');
      const card = page.getByRole('article', { name: `Order #${orderNumber(order._id)}` });
      await expect(card.getByText('Pay later (khata)', { exact: true })).toBeVisible();
      await expect(page.getByText('My khata: you owe ₹0.00')).toBeVisible();

      await deliver(testInfo, order._id, order.deliveryPin);

      // My khata: the delivered order on it, and what is owed.
      await page.reload();
      await page.getByRole('link', { name: 'My khata' }).tap();
      await expect(page).toHaveURL('/khata');
      await expect(page.getByRole('heading', { level: 1, name: 'My khata' })).toBeVisible();
      const owed = page.locator('.khata-page__balance');
      await expect(owed).toHaveText(rupees(order.amount));
      const entries = page.getByRole('table', { name: /entries, newest first/ }).getByRole('row');
      await expect(entries).toHaveCount(2);
      expect(await seriousViolations(page), 'My khata').toEqual([]);
      await expect(entries.nth(1).getByRole('cell')).toHaveText([
        /.+/,
        /^Bought on credit \(order #[0-9A-F]+\)$/,
        `+${rupees(order.amount)}`,
        rupees(order.amount),
      ]);

      // Pay now: ₹20 of it online, in the sandbox checkout.
      const amount = page.getByLabel('Amount to pay (₹)');
      await expect(amount).toHaveValue(order.amount.toFixed(2));
      await amount.fill('20');
      await page.getByRole('button', { name: 'Pay now' }).tap();
      await expect(sandboxFrame(page)).toBeVisible();
      await sandboxCheckout(page).getByRole('button', { name: 'Pay ₹20.00' }).tap();
      await expect(toast(page, 'Payment successful!')).toBeVisible();
      await expect(sandboxFrame(page)).toHaveCount(0);
      await expect(owed).toHaveText(rupees(order.amount - 20));
      await expect(entries).toHaveCount(3);
      await expect(entries.nth(1).getByRole('cell')).toHaveText([
        /.+/,
        'Paid online',
        '−₹20.00',
        rupees(order.amount - 20),
      ]);
    } finally {
      await seller.dispose();
    }
  });
});
