/*
 * Kirana Delivery's service worker, scope /agents (registered by the agent area only).
 *
 * - The app shell (app-shell-sw.js) of /agents: its HTML, the JavaScript and CSS the agent area
 *   loads (its lazy chunks included), the manifest and the icons, so the app opens on a bike
 *   without a signal. The list, and the version naming the cache, come from
 *   /agents-sw-precache.js, written by web/pwa/agent-precache.ts at build time; a new build
 *   changes it, so the browser installs the new worker and its new cache.
 * - Alerts while the app is closed (Web Push, turned on from the app's header; push-sw.js): each
 *   push message is a new open order, shown as a notification; a tap focuses the app (or opens
 *   it) at the order, /agents?order=<id>.
 */
self.importScripts('/agents-sw-precache.js', '/app-shell-sw.js', '/push-sw.js');

const SHELL = '/agents';

const { inScope } = self.kiranaAppShell({
  precache: self.KIRANA_AGENT_PRECACHE,
  prefix: 'kirana-agent-',
  shell: SHELL,
  isAppFile: (url) =>
    url.pathname.startsWith('/assets/') ||
    url.pathname.startsWith('/agent-app/') ||
    url.pathname === '/favicon.svg',
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
