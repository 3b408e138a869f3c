import type { StorefrontRenderer } from '@kirana/shared';
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router';
import { Providers } from './app/providers';
import { routes, type RouteHandle } from './app/routes';
import { seedStorefront } from './app/storefront-state';
import { headTags } from './features/seo/head-tags';
import { pageMeta } from './features/seo/page-meta';

/*
 * The storefront's server rendering, built by `vite build --ssr` into web/dist-ssr and called by
 * the Koa server (server/src/modules/storefront): the same routes and screens as in the
 * browser, rendered from the catalogue snapshot, then hydrated by app/start.tsx.
 */

const handler = createStaticHandler(routes);

export const renderPage: StorefrontRenderer['renderPage'] = async ({ url, origin, state }) => {
  const location = new URL(url, origin);
  const handle = matchRoutes(routes, location.pathname)?.at(-1)?.route.handle as
    RouteHandle | undefined;
  if (!handle?.serverRendered) return null;

  // Loads the lazy modules of the matched routes; no route of ours has a loader or redirects.
  const context = await handler.query(new Request(location));
  if (context instanceof Response) return null;
  const store = createStore();
  seedStorefront(store, state);
  const html = renderToString(
    <StrictMode>
      <Providers store={store}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </Providers>
    </StrictMode>,
  );
  // React writes its resource hints (the first pictures' preloads) before the markup: they
  // belong in the head, where the browser finds them before it parses the page.
  const [, hints = '', markup = ''] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(html) ?? [];
  const meta = pageMeta(location.pathname, state.products);
  return { status: meta.status, head: `${headTags(meta, origin)}\n    ${hints}`, html: markup };
};
