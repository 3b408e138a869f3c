import {
  collectCash,
  createAgent,
  logInAsAgent,
  orderCard,
  placeCodOrder,
  rupees,
  toast as agentToast,
} from './support/agent';
import { seriousViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { aLaptop } from './support/payments';
import { logInAsSeller, toast as sellerToast } from './support/seller';

/** A 4-digit PIN other than `pin`. */
const wrongPinFor = (pin: string) => String((Number(pin) + 1) % 10_000).padStart(4, '0');

/** Live updates reach the other screens within this (no reload). */
const LIVE = { timeout: 10_000 };

test.describe('the delivery and its money', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'an agent on a phone: run with --project phone');

  test('the agent delivers with the shopper’s PIN and sees the cash in hand grow; the seller records a handover and it drops on the phone live', async ({
    page,
    browser,
    expectFailedRequest,
  }, testInfo) => {
    // A whole day at the door and the counter, on two devices: more than the default 30 s.
    test.slow();
    const agent = await createAgent(testInfo, 'Cash');
    const order = await placeCodOrder(testInfo);
    // The wrong PIN tried at the door.
    expectFailedRequest(`/api/agents/status/${order.id}`, 400);
    await logInAsAgent(page, agent);

    const shift = page.getByRole('region', { name: 'Your shift' });
    await expect(shift.getByRole('switch', { name: 'On duty' })).toBeChecked();
    const cashInHand = shift.getByRole('link', { name: /^Cash in hand/ });
    await expect(cashInHand).toHaveText('Cash in hand ₹0.00');

    const card = orderCard(page, order);
    await card.getByRole('button', { name: 'Accept' }).tap();
    await expect(agentToast(page, 'Order accepted')).toBeVisible();
    await card.getByRole('button', { name: 'Mark Picked' }).tap();
    await expect(agentToast(page, 'Order status updated to Picked')).toBeVisible();
    // Asked once, with the amount: Back records nothing.
    await card.getByRole('button', { name: `Collect cash ${rupees(order.amount)}` }).tap();
    const ask = page.getByRole('dialog', { name: `Did you take ${rupees(order.amount)} in cash?` });
    await expect(ask).toContainText(`for order ${order.number}`);
    await ask.getByRole('button', { name: 'Back' }).tap();
    await expect(ask).toHaveCount(0);
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(cashInHand).toHaveText('Cash in hand ₹0.00');
    await collectCash(page, card, order.amount);
    await expect(agentToast(page, 'Payment collected in cash')).toBeVisible();
    await expect(cashInHand).toHaveText(`Cash in hand ${rupees(order.amount)}`, LIVE);

    // At the door: a wrong PIN is refused in the pad, which says how many tries are left.
    await card.getByRole('button', { name: 'Mark Delivered' }).tap();
    const pad = page.getByRole('dialog', { name: `Delivery PIN for order ${order.number}` });
    const wrong = wrongPinFor(order.pin);
    await pad.getByLabel('Delivery PIN').fill(wrong);
    await pad.getByRole('button', { name: 'Mark Delivered' }).tap();
    await expect(pad.getByRole('alert')).toHaveText('Wrong PIN: 4 tries left');
    await expect(pad.getByLabel('Delivery PIN')).toHaveValue('');
    expect(await seriousViolations(page), 'the PIN pad').toEqual([]);
    for (const digit of order.pin)
      await pad.getByRole('button', { name: digit, exact: true }).tap();
    await pad.getByRole('button', { name: 'Mark Delivered' }).tap();
    await expect(agentToast(page, 'Order status updated to Delivered')).toBeVisible();
    await expect(pad).toHaveCount(0);
    await expect(card).toHaveCount(0);

    // At the counter: the agent's cash, and a handover of part of it.
    const counter = await aLaptop(browser, testInfo);
    try {
      await logInAsSeller(counter.page);
      await counter.page.goto('/seller/agents');
      const row = counter.page.getByRole('row', { name: new RegExp(agent.name) });
      await expect(row).toContainText('On duty');
      await row
        .getByRole('button', { name: `Cash of ${agent.name}: ${rupees(order.amount)} in hand` })
        .click();
      const dialog = counter.page.getByRole('dialog', { name: `Cash of ${agent.name}` });
      await expect(dialog.getByLabel('Amount handed over (₹)')).toHaveValue(
        order.amount.toFixed(2),
      );
      await expect(dialog.getByRole('list', { name: /^Cash lines/ })).toContainText(
        `Cash taken for order ${order.number}`,
      );
      const part = Math.floor(order.amount / 2);
      await dialog.getByLabel('Amount handed over (₹)').fill(String(part));
      await dialog.getByLabel('Note (optional)').fill('Evening drop');
      await dialog.getByRole('button', { name: 'Record handover' }).click();
      await expect(sellerToast(counter.page, `Handover of ${rupees(part)} recorded`)).toBeVisible();
      const left = rupees(order.amount - part);
      await expect(dialog.getByText(`In hand ${left}`, { exact: true })).toBeVisible(LIVE);

      // On the phone, live: the handover is announced and the cash in hand drops.
      await expect(
        agentToast(page, `The shop took ${rupees(part)} from you. Cash in hand: ${left}`),
      ).toBeVisible(LIVE);
      await expect(cashInHand).toHaveText(`Cash in hand ${left}`);
      await cashInHand.tap();
      await expect(page).toHaveURL('/agents/cash');
      const lines = page.getByRole('list', { name: 'Cash lines, newest first' });
      await expect(lines.getByRole('listitem')).toHaveCount(2);
      await expect(lines.getByRole('listitem').first()).toContainText('Handed to the shop');
      await expect(lines.getByRole('listitem').first()).toContainText('Evening drop');
      expect(await seriousViolations(page), 'the cash screen').toEqual([]);

      // The day's report at the counter balances to what the phone says.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await counter.page.getByRole('link', { name: 'Cash report' }).click();
      const reportRow = counter.page.getByRole('row', { name: new RegExp(agent.name) });
      await expect(reportRow.getByRole('cell')).toHaveText([
        '1',
        '₹0.00',
        rupees(order.amount),
        '₹0.00',
        '₹0.00',
        rupees(part),
        left,
        'Cash',
      ]);
      const csv = counter.page.getByRole('link', { name: 'Download CSV' });
      await expect(csv).toHaveAttribute(
        'href',
        /\/api\/agents\/report\?date=\d{4}-\d\d-\d\d&format=csv$/,
      );
      expect(counter.errors).toEqual([]);
    } finally {
      await counter.context.close();
    }
  });

  test('five wrong PINs lock the delivery; the counter unlocks it and the agent delivers with the right one', async ({
    page,
    browser,
    expectFailedRequest,
  }, testInfo) => {
    const agent = await createAgent(testInfo, 'Lock');
    const order = await placeCodOrder(testInfo);
    expectFailedRequest(`/api/agents/status/${order.id}`, 400);
    expectFailedRequest(`/api/agents/status/${order.id}`, 429);
    await logInAsAgent(page, agent);
    const card = orderCard(page, order);
    await card.getByRole('button', { name: 'Accept' }).tap();
    await card.getByRole('button', { name: 'Mark Picked' }).tap();
    await collectCash(page, card, order.amount);
    await expect(agentToast(page, 'Payment collected in cash')).toBeVisible();

    const wrong = wrongPinFor(order.pin);
    await card.getByRole('button', { name: 'Mark Delivered' }).tap();
    const pad = page.getByRole('dialog', { name: `Delivery PIN for order ${order.number}` });
    for (const left of [4, 3, 2, 1]) {
      await pad.getByLabel('Delivery PIN').fill(wrong);
      await pad.getByRole('button', { name: 'Mark Delivered' }).tap();
      await expect(pad.getByRole('alert')).toHaveText(
        `Wrong PIN: ${left} ${left === 1 ? 'try' : 'tries'} left`,
      );
    }
    await pad.getByLabel('Delivery PIN').fill(wrong);
    await pad.getByRole('button', { name: 'Mark Delivered' }).tap();
    // The app says the lock by its code (PIN_LOCKED), in the agent's language.
    await expect(
      agentToast(page, 'Delivery is locked after 5 wrong PINs: ask the shop to unlock it'),
    ).toBeVisible();
    await expect(pad).toHaveCount(0);
    await expect(card).toContainText(
      'Delivery locked after 5 wrong PINs: ask the shop to unlock it.',
    );
    await expect(card.getByRole('button', { name: 'Mark Delivered' })).toHaveCount(0);

    const counter = await aLaptop(browser, testInfo);
    try {
      await logInAsSeller(counter.page);
      await counter.page.goto('/seller/orders');
      const sellerCard = counter.page.getByRole('article', { name: `Order ${order.number}` });
      await expect(sellerCard).toContainText('Delivery locked: 5 wrong PINs entered.');
      await sellerCard.getByRole('button', { name: 'Unlock PIN' }).click();
      await expect(
        sellerToast(counter.page, 'Delivery PIN unlocked: the agent may try again'),
      ).toBeVisible();
      await expect(sellerCard.getByRole('button', { name: 'Unlock PIN' })).toHaveCount(0);
      expect(counter.errors).toEqual([]);
    } finally {
      await counter.context.close();
    }

    // Live on the phone: the step is back, and the right PIN delivers.
    await expect(card.getByRole('button', { name: 'Mark Delivered' })).toBeVisible(LIVE);
    await card.getByRole('button', { name: 'Mark Delivered' }).tap();
    await pad.getByLabel('Delivery PIN').fill(order.pin);
    await pad.getByRole('button', { name: 'Mark Delivered' }).tap();
    await expect(agentToast(page, 'Order status updated to Delivered')).toBeVisible();
  });

  test('off duty, the agent still sees the orders; the counter sees the switch live', async ({
    page,
    browser,
  }, testInfo) => {
    const agent = await createAgent(testInfo, 'Duty');
    await logInAsAgent(page, agent);
    const counter = await aLaptop(browser, testInfo);
    try {
      await logInAsSeller(counter.page);
      await counter.page.goto('/seller/agents');
      const row = counter.page.getByRole('row', { name: new RegExp(agent.name) });
      await expect(row).toContainText('On duty');

      const duty = page.getByRole('switch', { name: 'On duty' });
      await duty.tap();
      await expect(
        agentToast(page, 'You are off duty: new orders will not alert you'),
      ).toBeVisible();
      await expect(duty).not.toBeChecked();
      await expect(page.getByText('New orders do not alert you.')).toBeVisible();
      await expect(row).toContainText('Off duty', LIVE);

      await duty.tap();
      await expect(duty).toBeChecked();
      await expect(row).toContainText('On duty', LIVE);
      expect(counter.errors).toEqual([]);
    } finally {
      await counter.context.close();
    }
  });
});
