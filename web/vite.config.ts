import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { agentPrecache } from './pwa/agent-precache.ts';
import { sellerPrecache } from './pwa/seller-precache.ts';

// The Koa server (`npm run dev -w @kirana/server`) answers the API, uploads and the socket.
const server = 'http://127.0.0.1:4000';
const proxy = {
  '/api': server,
  '/uploads': server,
  '/payments': server,
  '/socket.io': { target: server, ws: true },
};

/** TanStack Query's modules of paged lists and changes (see the build's codeSplitting). */
const SCREEN_HOOKS =
  /(infiniteQueryObserver|mutationObserver|useInfiniteQuery|useSuspenseInfiniteQuery|useMutation|useMutationState)\.js$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // The agent app's languages: its `t` macros and .po catalogs (web/lingui.config.ts).
    lingui({
      configPath: fileURLToPath(new URL('./lingui.config.ts', import.meta.url)),
      // Macros are compiled natively (no Babel), and a catalog that does not compile fails.
      macroTransform: true,
      failOnCompileError: true,
    }),
    // The precache lists of the agent PWA's and the seller area's service workers (web/pwa).
    ...(isSsrBuild ? [] : [agentPrecache(), sellerPrecache(), agentPages()]),
  ],
  resolve: {
    // Bundle @kirana/shared from source, so the web app needs no build of shared first.
    alias: {
      '@kirana/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)),
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4174, proxy },
  build: isSsrBuild
    ? // The storefront's server rendering (`vite build --ssr src/entry-server.tsx`), which the
      // Koa server imports; React and the router stay packages it loads from node_modules.
      { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        // Two pages: the storefront and seller area (index.html), the agents' phone app (agents.html).
        rollupOptions: {
          input: {
            main: fileURLToPath(new URL('./index.html', import.meta.url)),
            agents: fileURLToPath(new URL('./agents.html', import.meta.url)),
          },
          // TanStack Query in one chunk beside React: every storefront page needs it, and split
          // by which screen uses which hook it came as several small chunks, each with overhead.
          // Only the paged lists' and the changes' hooks stay with the screens that use them (the
          // seller's, the agents', the product listings), out of the home page's first load; the
          // paged lists' two in one chunk, one file fewer in every preload list that names them.
          // Jotai likewise in one chunk: both pages load all of it, and split by screens it came
          // as four small chunks. React Router too: every storefront and seller page needs it, and
          // once a lazy part of the shop's layout (its head) used it, it came split in two.
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: 'query',
                  test: (id) =>
                    /node_modules[\\/]@tanstack[\\/]/.test(id) && !SCREEN_HOOKS.test(id),
                },
                { name: 'paged', test: /(infiniteQueryObserver|useInfiniteQuery)\.js$/ },
                { name: 'jotai', test: /node_modules[\\/]jotai[\\/]/ },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
              ],
            },
          },
        },
        emptyOutDir: true,
        // Every browser the store supports preloads modules itself: no polyfill in the first load.
        modulePreload: { polyfill: false },
        // dist/.vite/manifest.json maps each module to its chunk; bench/bundle-size.mjs reads it.
        manifest: true,
        reportCompressedSize: true,
      },
}));

/** In development, /agents and its screens get agents.html, as the Koa server does in production. */
function agentPages(): Plugin {
  return {
    name: 'kirana-agent-pages',
    configureServer(devServer) {
      devServer.middlewares.use((req, _res, next) => {
        if (req.url && /^\/agents(\/[^.]*)?(\?.*)?$/.test(req.url)) req.url = '/agents.html';
        next();
      });
    },
  };
}
