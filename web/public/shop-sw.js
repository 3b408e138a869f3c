/*
 * The storefront's service worker, scope /my-orders: only for the notifications of a shopper's
 * orders (Web Push), registered when the shopper first turns them on from My Orders
 * (web/src/features/order-notifications). It caches nothing and handles no request (no fetch
 * listener), so pages load exactly as without it; the agent app's worker (agents-sw.js, scope
 * /agents) is a registration of its own, untouched.
 *
 * - Each push message is a change of one of the shopper's orders ({ title, body, tag, url }, see
 *   @kirana/shared PushAlert), shown as a notification that replaces an earlier one about the
 *   same order.
 * - A tap focuses My Orders (or opens it).
 * - A subscription the browser renews is sent to the server again.
 */
const MY_ORDERS = '/my-orders';
const ICON = '/logo.png';

const isMyOrders = (url) => url.pathname === MY_ORDERS || url.pathname.startsWith(`${MY_ORDERS}/`);

self.addEventListener('install', () => {
  self.skipWaiting();
});

/** The page a notification opens: My Orders on this site, whatever the message said. */
function myOrdersPage(url) {
  try {
    const page = new URL(url, self.location.origin);
    if (page.origin === self.location.origin && isMyOrders(page)) return page.href;
  } catch {
    // Not a URL: My Orders.
  }
  return new URL(MY_ORDERS, self.location.origin).href;
}

/** The notification a push message carries; one that is not says an order changed. */
function readUpdate(data) {
  let update = {};
  try {
    update = data?.json() ?? {};
  } catch {
    // Not JSON: the general notification.
  }
  const text = (value, otherwise) => (typeof value === 'string' && value ? value : otherwise);
  return {
    title: text(update.title, 'Your order has changed'),
    body: text(update.body, 'See My Orders.'),
    tag: text(update.tag, 'kirana-order'),
    url: myOrdersPage(update.url),
  };
}

self.addEventListener('push', (event) => {
  const update = readUpdate(event.data);
  event.waitUntil(
    self.registration.showNotification(update.title, {
      body: update.body,
      tag: update.tag,
      renotify: true,
      icon: ICON,
      badge: ICON,
      data: { url: update.url },
    }),
  );
});

/** A window of the store already on My Orders is focused; otherwise My Orders opens anew. */
async function openMyOrders(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => isMyOrders(new URL(client.url)));
  if (open) {
    await open.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openMyOrders(myOrdersPage(event.notification.data?.url)));
});

/** The browser renewed the subscription: the server learns the new one (and forgets the old). */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const options = event.oldSubscription?.options;
      const renewed =
        event.newSubscription ??
        (options ? await self.registration.pushManager.subscribe(options) : null);
      const post = (path, body) =>
        fetch(path, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      if (renewed) await post('/api/user/push/subscribe', renewed.toJSON());
      if (event.oldSubscription)
        await post('/api/user/push/unsubscribe', { endpoint: event.oldSubscription.endpoint });
    })().catch(() => undefined),
  );
});
