import { appPrecache } from './app-precache.ts';

/**
 * The seller area's precache (seller-sw-precache.js, read by public/seller-sw.js): the main
 * page's entry and everything the seller area loads, its lazy screens included, but never a lazy
 * chunk of the storefront's screens or anything of the agents'. So a reload of the Counter opens
 * while the server cannot be reached (docs/counter.md).
 */
export const SELLER_PRECACHE = {
  name: 'kirana-seller-precache',
  // index.html's entry: the seller area shares the page with the storefront.
  entry: 'main',
  otherApps: /\/src\/apps\/(storefront|agents)\//,
  // The shell page (the server answers every /seller URL with index.html) and its icon.
  shellUrls: ['/seller', '/favicon.svg'],
  fileName: 'seller-sw-precache.js',
  global: 'KIRANA_SELLER_PRECACHE',
} as const;

/** Writes seller-sw-precache.js into the build. */
export const sellerPrecache = () => appPrecache(SELLER_PRECACHE);
