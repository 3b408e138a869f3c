import { orderNumber } from '@kirana/shared';
import type { Page } from '@playwright/test';
import {
  anotherPhone,
  createAgent,
  logInAsAgent,
  orderCard as agentCard,
  placeCodOrder,
  rupees,
  toast as agentToast,
} from './support/agent';
import { expect, test } from './support/fixtures';
import { aLaptop } from './support/payments';
import { logInAsSeller, toast as sellerToast } from './support/seller';
import {
  addAddressViaApi,
  newShopper,
  productId,
  signUpViaApi,
  toast as shopperToast,
} from './support/shopper';

/** Answers the JSON of a call that must succeed. */
async function ok(response: Awaited<ReturnType<Page['request']['post']>>) {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** The shopper of `page` places an order of two carrots through the API; answers its id. */
async function placeOrder(page: Page, payment: 'cod' | 'razorpay'): Promise<string> {
  const address = await addAddressViaApi(page);
  const items = [{ product: await productId(page, 'Carrot'), quantity: 2 }];
  const placed = await ok(
    await page.request.post(`/api/order/${payment}`, { data: { items, address } }),
  );
  return placed.orderId as string;
}

/** The shopper of `page` pays their online order in the sandbox, as its Checkout would. */
async function payOnline(page: Page, orderId: string): Promise<void> {
  const { keyId } = await ok(await page.request.get('/api/payments/config'));
  const { order } = (await ok(
    await page.request.post('/api/order/pay', { data: { orderId } }),
  )) as { order: { id: string } };
  const callback = await ok(
    await page.request.post(`/payments/sandbox/orders/${order.id}/pay`, {
      data: { key_id: keyId, outcome: 'success' },
    }),
  );
  await ok(await page.request.post('/api/order/verify', { data: callback }));
}

const myOrder = (page: Page, orderId: string) =>
  page.getByRole('article', { name: `Order #${orderNumber(orderId)}` });
const sellerCard = myOrder;

test.describe('cancelling an order', () => {
  test('a shopper cancels before pickup and sees it at once; the agent’s phone drops it; once picked, the shopper can cancel no more', async ({
    page,
    browser,
    isMobile,
  }, testInfo) => {
    test.skip(!isMobile, 'the shopper’s and the agent’s screens are phone-sized');
    test.slow();
    const agent = await createAgent(testInfo, 'Dev');
    await signUpViaApi(page, newShopper(testInfo));
    const first = await placeOrder(page, 'cod');
    const second = await placeOrder(page, 'cod');

    const phone = await anotherPhone(browser, testInfo);
    try {
      await logInAsAgent(phone.page, agent);
      for (const id of [first, second]) {
        const card = phone.page.getByRole('article', { name: `Order #${orderNumber(id)}` });
        await card.getByRole('button', { name: 'Accept' }).tap();
        await expect(card.getByRole('button', { name: 'Mark Picked' })).toBeVisible();
      }

      await page.goto('/my-orders');
      const card = myOrder(page, first);
      await card.getByRole('button', { name: /^Cancel order/ }).tap();
      // It asks once more, in place; keeping the order changes nothing.
      await expect(card.getByRole('group', { name: /^Cancel order #/ })).toContainText(
        'Cancel this order? This cannot be undone.',
      );
      await card.getByRole('button', { name: 'Keep order' }).tap();
      await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
      await card.getByRole('button', { name: /^Cancel order/ }).tap();
      await card.getByRole('button', { name: 'Yes, cancel' }).tap();
      await expect(shopperToast(page, 'Order cancelled')).toBeVisible();
      await expect(card.getByText('Order cancelled', { exact: true })).toBeVisible();
      await expect(card.getByText(/^Cancelled by you/)).toBeVisible();
      await expect(card.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);

      // The agent who held it is told, and it leaves their deliveries.
      await expect(
        agentToast(phone.page, `Order #${orderNumber(first)} was cancelled: do not deliver it`),
      ).toBeVisible();
      await expect(
        phone.page.getByRole('article', { name: `Order #${orderNumber(first)}` }),
      ).toHaveCount(0);

      // The other order is picked up: the shopper's screen stops offering to cancel it, live.
      const other = myOrder(page, second);
      await expect(other.getByRole('button', { name: /^Cancel order/ })).toBeVisible();
      await phone.page
        .getByRole('article', { name: `Order #${orderNumber(second)}` })
        .getByRole('button', { name: 'Mark Picked' })
        .tap();
      await expect(other.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);

      // As the server has it, after a reload too.
      await page.reload();
      await expect(myOrder(page, first).getByText(/^Cancelled by you/)).toBeVisible();
      await expect(
        myOrder(page, second).getByRole('button', { name: /^Cancel order/ }),
      ).toHaveCount(0);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  test('the seller cancels a paid online order with a reason: the refund shows at the counter and on the shopper’s screen', async ({
    page,
    browser,
    isMobile,
  }, testInfo) => {
    test.skip(
      !isMobile,
      'the shopper’s screen is phone-sized; the seller’s laptop is its own context',
    );
    test.slow();
    await signUpViaApi(page, newShopper(testInfo));
    const orderId = await placeOrder(page, 'razorpay');
    await payOnline(page, orderId);
    await page.goto('/my-orders');
    const mine = myOrder(page, orderId);
    await expect(mine.getByText('Online · Paid', { exact: true })).toBeVisible();
    const amount = (await mine
      .getByText(/^₹\d+\.\d\d$/)
      .first()
      .textContent())!;

    const laptop = await aLaptop(browser, testInfo);
    try {
      const seller = laptop.page;
      await logInAsSeller(seller);
      await seller.goto('/seller/orders');
      const card = sellerCard(seller, orderId);
      await card.getByRole('button', { name: 'Cancel order' }).click();
      const dialog = seller.getByRole('dialog', { name: `Cancel order #${orderNumber(orderId)}` });
      await expect(dialog).toContainText(
        `The ${amount} paid online will be refunded to the shopper.`,
      );

      // A reason is needed: the shopper reads it.
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Enter a reason: the shopper sees it');
      await dialog.getByLabel('Reason (the shopper sees it)').fill('Carrots ran out today');
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await expect(
        sellerToast(seller, 'Order cancelled: the payment will be refunded'),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(card).toContainText('Cancelled by the shop');
      await expect(card).toContainText('Reason: Carrots ran out today');
      // The sandbox refunds at once; its answer reaches the counter live.
      await expect(card).toContainText(`Refund ${amount} · Refunded`);
      await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

      // The shopper's screen follows, without a reload.
      await expect(mine.getByText('Order cancelled', { exact: true })).toBeVisible();
      await expect(mine.getByText('Reason: Carrots ran out today')).toBeVisible();
      await expect(mine.getByText(/^Cancelled by the shop/)).toBeVisible();
      await expect(mine.getByText(`${amount} · Refunded`)).toBeVisible();
      expect(laptop.errors).toEqual([]);
    } finally {
      await laptop.context.close();
    }
  });
});

test.describe('assigning an order', () => {
  test('the seller assigns an open order to an agent: the agent’s phone shows it as theirs at once', async ({
    browser,
    isMobile,
  }, testInfo) => {
    test.skip(
      !isMobile,
      'the agent’s phone is phone-sized; the seller’s laptop is its own context',
    );
    test.slow();
    const agent = await createAgent(testInfo, 'Meena');
    const order = await placeCodOrder(testInfo);
    const phone = await anotherPhone(browser, testInfo);
    const laptop = await aLaptop(browser, testInfo);
    try {
      await logInAsAgent(phone.page, agent);
      const onPhone = agentCard(phone.page, order);
      await expect(onPhone.getByRole('button', { name: 'Accept' })).toBeVisible();

      const seller = laptop.page;
      await logInAsSeller(seller);
      await seller.goto('/seller/orders');
      const card = seller.getByRole('article', { name: `Order #${orderNumber(order.id)}` });
      const agentPart = card.getByRole('region', { name: 'Delivery agent' });
      await agentPart.getByLabel('Assign to').selectOption({ label: `${agent.name} · Available` });
      await agentPart.getByRole('button', { name: 'Assign' }).click();
      await expect(sellerToast(seller, `Order assigned to ${agent.name}`)).toBeVisible();
      await expect(agentPart).toContainText(agent.name);
      await expect(card.getByRole('button', { name: 'Take back' })).toBeVisible();

      // At once on the phone: the agent's own delivery, to pick up.
      await expect(
        agentToast(phone.page, `The shop gave you order #${orderNumber(order.id)}`),
      ).toBeVisible();
      const deliveries = phone.page.getByRole('region', { name: /^Your deliveries/ });
      await expect(
        deliveries.getByRole('article', { name: `Order ${order.number}` }),
      ).toBeVisible();
      await expect(onPhone.getByRole('button', { name: 'Mark Picked' })).toBeVisible();
      await expect(onPhone).toContainText(rupees(order.amount));
      expect(phone.errors).toEqual([]);
      expect(laptop.errors).toEqual([]);
    } finally {
      await phone.context.close();
      await laptop.context.close();
    }
  });
});
