import { orderNumber } from '@kirana/shared';
import { request as newRequest, type APIRequestContext, type TestInfo } from '@playwright/test';
import { createAgent, inviteAgent } from './support/agent';
import { seriousViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { addAddressViaApi, newShopper, productId, signUpViaApi } from './support/shopper';

// The demo store, in the spec's tax mode (its bills are plain bills, numbered like any other).

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * The shop delivers the shopper's cash order `orderId`, as its agent would through the agents'
 * API: a new agent's phone paired and logged in, the order accepted, picked (its bill is issued
 * then), paid in cash at the door and delivered with `pin`.
 */
async function deliver(testInfo: TestInfo, orderId: string, pin: string | null) {
  const added = await createAgent(testInfo, 'Bill');
  const { code } = await inviteAgent(added);
  const agent = await newRequest.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await ok(await agent.post('/api/agents/pair', { data: { code } }));
    await ok(await agent.post('/api/agents/login', { data: { phone: added.phone } }));
    await ok(await agent.post('/api/agents/accept', { data: { orderId } }));
    await ok(await agent.put(`/api/agents/status/${orderId}`, { data: { status: 'Picked' } }));
    await ok(await agent.put(`/api/agents/mark-paid/${orderId}`));
    await ok(
      await agent.put(`/api/agents/status/${orderId}`, { data: { status: 'Delivered', pin } }),
    );
  } finally {
    await agent.dispose();
  }
}

test.describe('the shopper’s bill', () => {
  test.skip(({ isMobile }) => !isMobile, 'the storefront on a phone');

  test('My Orders opens the bill of a delivered order: its number, the lines, the total and the total in words', async ({
    page,
  }, testInfo) => {
    const shopper = newShopper(testInfo);
    await signUpViaApi(page, shopper);
    const address = await addAddressViaApi(page);
    const carrot = await productId(page, 'Carrot');
    const { orderId } = (await ok(
      await page.request.post('/api/order/cod', {
        data: { items: [{ product: carrot, quantity: 2 }], address },
      }),
    )) as { orderId: string };
    const { orders } = (await ok(await page.request.get('/api/order/user'))) as {
      orders: { _id: string; amount: number; deliveryPin: string | null; invoice: unknown }[];
    };
    const placed = orders.find((order) => order._id === orderId)!;
    // No bill before the goods leave the shop.
    expect(placed.invoice).toBeNull();

    await deliver(testInfo, orderId, placed.deliveryPin);

    await page.goto('/my-orders');
    const card = page.getByRole('article', { name: `Order #${orderNumber(orderId)}` });
    const link = card.getByRole('link', { name: /^Invoice \d{2}-\d{2}\/\d+$/ });
    await expect(link).toBeVisible();
    expect(await seriousViolations(page), 'My Orders with a bill').toEqual([]);
    const number = (await link.textContent())!.replace('Invoice ', '');

    const [bill] = await Promise.all([page.waitForEvent('popup'), link.tap()]);
    await bill.waitForLoadState();
    const body = bill.locator('body');
    await expect(body).toContainText('Bill');
    await expect(body).toContainText(number);
    await expect(body).toContainText('Carrot');
    await expect(body).toContainText(`₹${placed.amount.toFixed(2)}`);
    await expect(body).toContainText(/Rupees .*Only/);
    expect(await seriousViolations(bill), 'the bill').toEqual([]);
  });
});
