/*
 * The storefront's service worker, scope /my-orders: only for the notifications of a shopper's
 * orders (Web Push), registered when the shopper first turns them on from My Orders
 * (web/src/apps/storefront/features/order-notifications). It caches nothing and handles no request (no fetch
 * listener), so pages load exactly as without it; the agent app's worker (agents-sw.js, scope
 * /agents) is a registration of its own, untouched.
 *
 * Each push message is a change of one of the shopper's orders, shown as a notification
 * (push-sw.js); a tap focuses My Orders (or opens it).
 */
self.importScripts('/push-sw.js');

const MY_ORDERS = '/my-orders';

const isMyOrders = (url) => url.pathname === MY_ORDERS || url.pathname.startsWith(`${MY_ORDERS}/`);

self.addEventListener('install', () => {
  self.skipWaiting();
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

self.kiranaPush({
  inScope: isMyOrders,
  home: MY_ORDERS,
  icon: '/logo.png',
  fallback: { title: 'Your order has changed', body: 'See My Orders.', tag: 'kirana-order' },
  routes: { subscribe: '/api/user/push/subscribe', unsubscribe: '/api/user/push/unsubscribe' },
  open: openMyOrders,
});
