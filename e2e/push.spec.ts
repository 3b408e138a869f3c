import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  createAgent,
  logInAsAgent,
  orderCard,
  placeCodOrder,
  rupees,
  toast,
} from './support/agent';
import { expect, test } from './support/fixtures';

/** What the server pushes about a new order (server/src/modules/push/push-alert.ts). */
interface Alert {
  title: string;
  body: string;
  tag: string;
  url: string;
}

/** The notifications the agent app's service worker is showing, as the page reads them. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((shown) => ({
      title: shown.title,
      body: shown.body,
      tag: shown.tag,
      icon: shown.icon,
      data: shown.data as unknown,
    }));
  });
}

/**
 * Delivers push messages to the agent app's service worker as the phone's push service would,
 * through the Chrome DevTools Protocol (the test browser has no push service of its own).
 */
async function pushTo(page: Page) {
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  const activated = new Set<string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const { scopeURL, registrationId, isDeleted } of updated)
      if (!isDeleted) registrations.set(scopeURL, registrationId);
  });
  // A message delivered to a worker still installing is lost: wait for the active one.
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const { registrationId, status, runningStatus } of versions)
      if (status === 'activated' && runningStatus === 'running') activated.add(registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => registrations.get(`${origin}/agents`)).toBeDefined();
  const registrationId = registrations.get(`${origin}/agents`)!;
  await expect.poll(() => activated.has(registrationId)).toBe(true);
  return (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
}

/**
 * Stands in for the browser's push service, which the test browser lacks (its subscribe is
 * refused): `pushManager.subscribe` answers a subscription with a real P-256 key at a loopback
 * endpoint that takes nothing (the e2e server allows 127.0.0.1, PUSH_SERVICE_HOSTS).
 */
async function standInPushService(page: Page) {
  const keyPair = createECDH('prime256v1');
  const subscription = {
    endpoint: `https://127.0.0.1:9/e2e-push/${randomUUID()}`,
    keys: {
      p256dh: keyPair.generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
  await page.addInitScript((given) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(options!.applicationServerKey as Uint8Array).buffer;
      current = {
        endpoint: given.endpoint,
        expirationTime: null,
        options: { applicationServerKey: key, userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({ endpoint: given.endpoint, keys: given.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, subscription);
  return subscription;
}

test.describe('alerts on the agent’s phone while the app is closed', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'a phone app: run with --project phone');

  test('a pushed new order shows as a notification naming it, replacing an earlier one about the same order; its link brings the order’s card into view', async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(['notifications']);
    const agent = await createAgent(testInfo);
    const order = await placeCodOrder(testInfo);
    await logInAsAgent(page, agent);
    const origin = new URL(page.url()).origin;
    const push = await pushTo(page);

    // As the server writes it: 2 + 1 items to the shopper's area, never their name or street.
    const alert: Alert = {
      title: `New order ${order.number}`,
      body: `${rupees(order.amount)} · 3 items · Bengaluru 560025`,
      tag: order.id,
      url: `/agents?order=${order.id}`,
    };
    await push(JSON.stringify(alert));
    const expected = {
      title: alert.title,
      body: alert.body,
      tag: order.id,
      icon: `${origin}/agent-app/icon-192.png`,
      data: { url: `${origin}/agents?order=${order.id}` },
    };
    await expect.poll(() => shownNotifications(page)).toEqual([expected]);

    // Offered again (nobody took it): the same notification, not a second one.
    await push(JSON.stringify({ ...alert, body: `${alert.body} ` }));
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ ...expected, body: `${alert.body} ` }]);

    // A tap focuses the app at the notification's page (agents-sw.js, notificationclick).
    await page.goto(expected.data.url);
    const card = orderCard(page, order);
    await expect(card).toBeInViewport();
    await expect(page.locator('li.agent-order-linked')).toHaveCount(1);
    await expect(page.locator('li.agent-order-linked').getByRole('article')).toHaveAccessibleName(
      `Order ${order.number}`,
    );
    // Followed once: a reload does not jump again.
    await expect(page).toHaveURL('/agents');
    // …and the ring goes after a few seconds.
    await expect(page.locator('li.agent-order-linked')).toHaveCount(0, { timeout: 10_000 });
  });

  test('a message that is not an alert still says an order is waiting, and never leads outside the app', async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(['notifications']);
    await logInAsAgent(page, await createAgent(testInfo));
    const origin = new URL(page.url()).origin;
    const push = await pushTo(page);

    await push('not json');
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        expect.objectContaining({
          title: 'Kirana Delivery',
          body: 'A new order is waiting.',
          data: { url: `${origin}/agents` },
        }),
      ]);
    await push(
      JSON.stringify({ title: 'New order #1', body: 'x', tag: 'x', url: 'https://evil.example/' }),
    );
    await expect
      .poll(async () => (await shownNotifications(page)).find((shown) => shown.tag === 'x'))
      .toMatchObject({ data: { url: `${origin}/agents` } });
  });

  test('an order that is no longer open is said so when its link is followed', async ({
    page,
  }, testInfo) => {
    await logInAsAgent(page, await createAgent(testInfo));
    await page.goto('/agents?order=019a8f3e-7c2b-7d11-9a4e-5b6c7fcac308');
    await expect(
      page
        .locator('#notistack-snackbar')
        .filter({ hasText: 'That order is no longer open: another agent may have taken it.' }),
    ).toBeVisible();
    await expect(page).toHaveURL('/agents');
  });

  test('the agent turns alerts on from the header’s bell (the phone subscribes and the shop learns it) and off again', async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(['notifications']);
    const subscription = await standInPushService(page);
    await logInAsAgent(page, await createAgent(testInfo));
    const bell = page.getByRole('button', { name: 'Alerts when the app is closed' });
    await expect(bell).toHaveAttribute('aria-pressed', 'false');

    const subscribed = page.waitForRequest('**/api/agents/push/subscribe');
    await bell.tap();
    expect((await subscribed).postDataJSON()).toEqual({ ...subscription, locale: 'en' });
    expect((await (await subscribed).response())?.status()).toBe(200);
    await expect(
      toast(page, 'Alerts are on: new orders ring this phone, even with the app closed.'),
    ).toBeVisible();
    await expect(bell).toHaveAttribute('aria-pressed', 'true');

    const unsubscribed = page.waitForRequest('**/api/agents/push/unsubscribe');
    await bell.tap();
    expect((await unsubscribed).postDataJSON()).toEqual({ endpoint: subscription.endpoint });
    expect((await (await unsubscribed).response())?.status()).toBe(200);
    await expect(toast(page, 'Alerts are off on this phone.')).toBeVisible();
    await expect(bell).toHaveAttribute('aria-pressed', 'false');

    // On again, then logged out: the phone hears of no more orders.
    await bell.tap();
    await expect(bell).toHaveAttribute('aria-pressed', 'true');
    const loggedOut = page.waitForRequest('**/api/agents/push/unsubscribe');
    await page.getByRole('button', { name: 'Logout' }).tap();
    expect((await loggedOut).postDataJSON()).toEqual({ endpoint: subscription.endpoint });
    await expect(page.getByLabel('Phone number')).toBeVisible();
  });

  test('with notifications blocked, the bell says how to allow them and subscribes nothing', async ({
    page,
  }, testInfo) => {
    await page.addInitScript(() => {
      Notification.requestPermission = async () => 'denied';
    });
    await logInAsAgent(page, await createAgent(testInfo));
    let asked = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/agents/push/subscribe')) asked = true;
    });
    await page.getByRole('button', { name: 'Alerts when the app is closed' }).tap();
    await expect(
      toast(
        page,
        'Notifications are blocked for Kirana Delivery. Allow them in the browser’s site settings, then turn alerts on.',
      ),
    ).toBeVisible();
    expect(asked).toBe(false);
  });
});
