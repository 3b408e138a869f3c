import { orderNumber } from '@kirana/shared';
import type { Page } from '@playwright/test';
import { createAgent, logInAsAgent, orderCard, placeCodOrder } from './support/agent';
import { expect, test } from './support/fixtures';
import { logInAsSeller, toast } from './support/seller';

test.describe('the seller takes an order back from its agent', () => {
  test.skip(({ isMobile }) => isMobile, 'the seller screens are for the counter and laptops');

  test('an accepted order is taken back after confirming: the seller sees it unassigned, and it is open again on the agent’s phone', async ({
    page,
    browser,
  }, testInfo) => {
    // Two browsers, the seller's and the agent's phone, each signing in.
    test.slow();
    const agent = await createAgent(testInfo, 'Kiran');
    const order = await placeCodOrder(testInfo);

    // The agent's phone accepts the order.
    const phone = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const phoneErrors: string[] = [];
    const agentPage: Page = await phone.newPage();
    agentPage.on('console', (message) => {
      // A logged-out start: `GET /api/agents/is-auth` answers 401, which the browser logs.
      if (message.type() !== 'error' || message.location().url.endsWith('/api/agents/is-auth'))
        return;
      phoneErrors.push(`${message.text()} (${message.location().url})`);
    });
    agentPage.on('pageerror', (error) => phoneErrors.push(`uncaught: ${error.message}`));
    try {
      await logInAsAgent(agentPage, agent);
      await orderCard(agentPage, order).getByRole('button', { name: 'Accept' }).tap();
      await expect(toast(agentPage, 'Order accepted')).toBeVisible();
      const deliveries = agentPage.getByRole('region', { name: /^Your deliveries/ });
      await expect(
        deliveries.getByRole('article', { name: `Order ${order.number}` }),
      ).toBeVisible();

      await logInAsSeller(page);
      await page.goto('/seller/orders');
      const card = page.getByRole('article', { name: `Order #${orderNumber(order.id)}` });
      const agentPart = card.getByRole('region', { name: 'Delivery agent' });
      await expect(agentPart).toContainText(agent.name);
      const takeBack = card.getByRole('button', { name: 'Take back' });
      const dialog = page.getByRole('dialog', { name: 'Take order back' });

      // Cancelling changes nothing.
      await takeBack.click();
      await expect(dialog).toContainText('Take this order back from its agent?');
      await expect(dialog).toContainText(`leaves ${agent.name}’s deliveries`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(agentPart).toContainText(agent.name);

      await takeBack.click();
      await dialog.getByRole('button', { name: 'Take back' }).click();
      await expect(toast(page, 'Order taken back: it is open for the agents again')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(agentPart).toContainText('Unassigned');
      await expect(card).toContainText('Order Placed');
      await expect(takeBack).toHaveCount(0);

      // Its history says who did what, and when.
      await card.getByText(`History of order #${orderNumber(order.id)}`).click();
      const history = card.getByRole('list', { name: 'Order history' }).getByRole('listitem');
      await expect(history).toHaveCount(3);
      await expect(history.nth(0)).toContainText('placed the order');
      await expect(history.nth(1)).toContainText(`Agent ${agent.name} accepted the order`);
      await expect(history.nth(2)).toContainText('Seller took the order back from its agent');

      // Live on the phone: the agent is told, it is no longer theirs, open for any agent to accept.
      await expect(
        toast(agentPage, `The shop took order ${order.number} back: do not deliver it`),
      ).toBeVisible();
      await expect(deliveries.getByRole('article', { name: `Order ${order.number}` })).toHaveCount(
        0,
      );
      await expect(
        orderCard(agentPage, order).getByRole('button', { name: 'Accept' }),
      ).toBeVisible();

      // After a reload too, the seller finds it unassigned.
      await page.reload();
      await expect(agentPart).toContainText('Unassigned');
      expect(phoneErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
