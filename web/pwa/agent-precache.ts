import { appPrecache } from './app-precache.ts';

/**
 * The agent app's precache (agents-sw-precache.js, read by public/agents-sw.js): the agents'
 * page's entry and everything it loads, static or lazy (e.g. the toaster), but never a chunk of
 * the storefront's or the seller's screens.
 *
 * The icons in public/agent-app were rendered once with sharp from Fluent Emoji's motor scooter
 * (@iconify-json/fluent-emoji) on the brand green, with the glyph inside the maskable safe zone.
 */
export const AGENT_PRECACHE = {
  name: 'kirana-agent-precache',
  entry: 'agents',
  otherApps: /\/src\/apps\/(storefront|seller)\//,
  // The shell page (the server answers every /agents URL with agents.html) and the PWA files.
  shellUrls: [
    '/agents',
    '/agent-app/manifest.webmanifest',
    '/agent-app/icon-192.png',
    '/agent-app/icon-512.png',
    '/favicon.svg',
  ],
  fileName: 'agents-sw-precache.js',
  global: 'KIRANA_AGENT_PRECACHE',
} as const;

/** Writes agents-sw-precache.js into the build. */
export const agentPrecache = () => appPrecache(AGENT_PRECACHE);
