/*
 * An app shell in Kirana's service workers, imported by both (agents-sw.js for the agents' app,
 * seller-sw.js for the seller area); each gives its precache list, its cache's prefix, its shell
 * page and which of the site's files are its own.
 *
 * - Install: precaches the list (the shell page, and the JavaScript and CSS the app loads, its
 *   lazy chunks included); where the browser supports static routing, /api requests never reach
 *   the worker. Activate: keeps this generation's cache and the one before it.
 * - Pages (navigations) in the app's scope: the network first, kept as the new shell; this
 *   generation's cached shell when the network fails, answers that the server is unreachable
 *   (502, 503, 504 from a proxy in front of it) or is slower than 4 s.
 * - The app's files (content-hashed, never changing): the cache first, else the network.
 * - The API, the socket, payments and uploads are never answered from here and never cached.
 *
 * Answers `inScope(url)`, for the worker's own use (the agents' opening a notification's page).
 */
self.kiranaAppShell = ({ precache, prefix, shell, isAppFile }) => {
  const { version, urls } = precache;
  const CACHE = `${prefix}${version}`;
  const SHELL = shell;
  const NETWORK_TIMEOUT_MS = 4000;
  /** What a proxy answers for a server it cannot reach: the page is better served from the cache. */
  const UNREACHABLE = [502, 503, 504];

  const passesThrough = (url) => /^\/(api|socket\.io|payments|uploads)(\/|$)/.test(url.pathname);
  const inScope = (url) => url.pathname === SHELL || url.pathname.startsWith(`${SHELL}/`);

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
          (name) => name.startsWith(prefix) && name !== CACHE,
        );
        // Keeps the previous generation: a page still running it may yet load a lazy chunk.
        await Promise.all(older.slice(0, -1).map((name) => caches.delete(name)));
        await self.clients.claim();
      })(),
    );
  });

  /** The network's page, kept as the new shell; the cached shell when unreachable or slow. */
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
    if (first && !UNREACHABLE.includes(first.status)) return first;
    // This generation's shell: an older cache's would start the older build.
    const shell = await (await caches.open(CACHE)).match(SHELL);
    return shell ?? first ?? fromNetwork;
  }

  /** A file from any of this worker's caches, else from the network (and then kept). */
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

  return { inScope };
};
