/*
 * The seller area's service worker, scope /seller (registered by the seller area only), so that
 * a reload of the Counter opens while the server cannot be reached: the server stopped, or the
 * shop's connection down (docs/counter.md).
 *
 * The app shell (app-shell-sw.js) of the seller area: the HTML the server answers for /seller
 * pages, the main entry and every chunk the seller area loads (its lazy screens included, never a
 * storefront screen nor anything of the agents'). The list, and the version naming the cache, come
 * from /seller-sw-precache.js, written by web/pwa/seller-precache.ts at build time; a new build
 * changes it, so the browser installs the new worker and its new cache.
 */
self.importScripts('/seller-sw-precache.js', '/app-shell-sw.js');

self.kiranaAppShell({
  precache: self.KIRANA_SELLER_PRECACHE,
  prefix: 'kirana-seller-',
  shell: '/seller',
  isAppFile: (url) => url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg',
});
