/*
 * Kirana Delivery's service worker, scope /agents (registered by the agent area only).
 *
 * - Precaches the app shell: the HTML of /agents, the JavaScript and CSS the agent area loads
 *   (its lazy chunks included), the manifest and the icons. The list, and the version naming
 *   the cache, come from /agents-sw-precache.js, written by web/pwa/agent-precache.ts at build
 *   time; a new build changes it, so the browser installs the new worker and its new cache.
 * - Pages (navigations) under /agents: the network first, the cached shell when the network
 *   fails or is slower than 4 s, so the app opens on a bike without a signal.
 * - /assets/* (content-hashed, never changing): the cache first, else the network.
 * - The API, the socket, payments and uploads are never answered from here and never cached:
 *   this worker does not handle them at all (and where the browser supports static routing,
 *   /api requests do not even reach it).
 * - Alerts while the app is closed (Web Push, turned on from the app's header): each push
 *   message is a new open order ({ title, body, tag, url }, see @kirana/shared PushAlert), shown
 *   as a notification that replaces an earlier one about the same order; a tap focuses the app
 *   (or opens it) at the order, /agents?order=<id>. A subscription the browser renews is sent to
 *   the server again.
 */
self.importScripts('/agents-sw-precache.js');

const { version, urls } = self.KIRANA_AGENT_PRECACHE;
const PREFIX = 'kirana-agent-';
const CACHE = `${PREFIX}${version}`;
const SHELL = '/agents';
const NETWORK_TIMEOUT_MS = 4000;

const passesThrough = (url) => /^\/(api|socket\.io|payments|uploads)(\/|$)/.test(url.pathname);
const inScope = (url) => url.pathname === SHELL || url.pathname.startsWith(`${SHELL}/`);
const isAppFile = (url) =>
  url.pathname.startsWith('/assets/') ||
  url.pathname.startsWith('/agent-app/') ||
  url.pathname === '/favicon.svg';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      if (typeof event.addRoutes === 'function') {
        await event
          .addRoutes([{ condition: { urlPattern: '/api/*' }, source: 'network' }])
          .catch(() => undefined);
      }
      const cache = await caches.open(CACHE);
      await cache.addAll(urls);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const older = (await caches.keys()).filter(
        (name) => name.startsWith(PREFIX) && name !== CACHE,
      );
      // Keeps the previous generation: a page still running it may yet load a lazy chunk.
      await Promise.all(older.slice(0, -1).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

/** The network's page, kept as the new shell; the cached shell when offline or slow. */
async function networkThenShell(event) {
  const fromNetwork = fetch(event.request).then(async (response) => {
    const html = (response.headers.get('Content-Type') ?? '').includes('text/html');
    if (response.ok && html) {
      const cache = await caches.open(CACHE);
      await cache.put(SHELL, response.clone());
    }
    return response;
  });
  event.waitUntil(fromNetwork.catch(() => undefined));
  const timeout = new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS));
  const first = await Promise.race([fromNetwork.catch(() => undefined), timeout]);
  if (first) return first;
  const shell = await caches.match(SHELL);
  return shell ?? fromNetwork;
}

/** A file from any of this app's caches, else from the network (and then kept). */
async function cacheThenNetwork(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || passesThrough(url)) return;
  if (request.mode === 'navigate') {
    if (inScope(url)) event.respondWith(networkThenShell(event));
    return;
  }
  if (isAppFile(url)) event.respondWith(cacheThenNetwork(request));
});

const ALERT_ICON = '/agent-app/icon-192.png';

/** A page of this app to open from an alert: a path under /agents, else Active Orders. */
function alertPage(url) {
  try {
    const page = new URL(url, self.location.origin);
    if (page.origin === self.location.origin && inScope(page)) return page.href;
  } catch {
    // Not a URL: Active Orders.
  }
  return new URL(SHELL, self.location.origin).href;
}

/** The alert a push message carries; a message that is not one still says an order is waiting. */
function readAlert(data) {
  let alert = {};
  try {
    alert = data?.json() ?? {};
  } catch {
    // Not JSON: the general alert.
  }
  const text = (value, otherwise) => (typeof value === 'string' && value ? value : otherwise);
  return {
    title: text(alert.title, 'Kirana Delivery'),
    body: text(alert.body, 'A new order is waiting.'),
    tag: text(alert.tag, 'kirana-new-order'),
    url: alertPage(alert.url),
  };
}

self.addEventListener('push', (event) => {
  const alert = readAlert(event.data);
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      renotify: true,
      icon: ALERT_ICON,
      badge: ALERT_ICON,
      data: { url: alert.url },
    }),
  );
});

/** The app's own window: focused and taken to `url`, or a new one opened there. */
async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const app = windows.find((client) => inScope(new URL(client.url)));
  if (app) {
    const focused = await app.focus().catch(() => app);
    // Only a page this worker controls can be sent elsewhere; any other opens anew.
    const moved = await focused.navigate?.(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(alertPage(event.notification.data?.url)));
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
      if (renewed) await post('/api/agents/push/subscribe', renewed.toJSON());
      if (event.oldSubscription)
        await post('/api/agents/push/unsubscribe', { endpoint: event.oldSubscription.endpoint });
    })().catch(() => undefined),
  );
});
