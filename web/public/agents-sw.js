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
 * - Alerts while the app is closed (Web Push, turned on from the app's header; push-sw.js): each
 *   push message is a new open order, shown as a notification; a tap focuses the app (or opens
 *   it) at the order, /agents?order=<id>.
 */
self.importScripts('/agents-sw-precache.js', '/push-sw.js');

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

self.kiranaPush({
  inScope,
  home: SHELL,
  icon: '/agent-app/icon-192.png',
  fallback: { title: 'Kirana Delivery', body: 'A new order is waiting.', tag: 'kirana-new-order' },
  routes: { subscribe: '/api/agents/push/subscribe', unsubscribe: '/api/agents/push/unsubscribe' },
  open: openApp,
});
