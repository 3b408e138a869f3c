import type { StorefrontRenderer, StorefrontState } from '@kirana/shared';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
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
import { routes } from './app/routes';
import type { RouteHandle } from './apps/storefront/routes';
import { categoryQueries, productQueries } from './common/catalogue/queries';
import { headTags } from './apps/storefront/features/seo/head-tags';
import { shopQueries } from './common/shop-settings/queries';
import { pageMeta } from './apps/storefront/features/seo/page-meta';
import { ApiError, createApiClient } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

/*
 * The storefront's server rendering, built by `vite build --ssr` into web/dist-ssr and called by
 * the Koa server (server/src/modules/storefront): the same routes and screens as in the
 * browser, rendered from the answers of the calls they make (asked of the server in its own
 * process), then hydrated by app/start.tsx from those same answers.
 */

const handler = createStaticHandler(routes);

export const renderPage: StorefrontRenderer['renderPage'] = async ({ url, origin, fetch }) => {
  const location = new URL(url, origin);
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const { route, params } = matches.at(-1) ?? {};
  const handle = route?.handle as RouteHandle | undefined;
  if (!handle?.serverRendered) return null;

  // Loads the lazy modules of the matched routes; no route of ours has a loader or redirects.
  const context = await handler.query(new Request(location));
  if (context instanceof Response) return null;
  const queryClient = createQueryClient(
    createApiClient({
      fetch: async (input) => {
        const { status, body } = await fetch(String(input));
        return Response.json(body, { status });
      },
    }),
    0,
  );
  // A call that fails leaves its section to the browser (its loading state is rendered). Every
  // page shows the shop's name and promise (header, footer, title).
  await Promise.all([
    queryClient.prefetchQuery(shopQueries.shop()),
    handle
      .data?.(queryClient, { params: params ?? {}, search: location.searchParams })
      .catch(() => undefined),
  ]);
  // The store itself failed (not a missing product or category, which is the page's answer).
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.error instanceof ApiError && query.state.error.status >= 500);
  const store = createStore();
  const html = renderToString(
    <StrictMode>
      <Providers store={store}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </QueryClientProvider>
      </Providers>
    </StrictMode>,
  );
  // React writes its resource hints (the first pictures' preloads) before the markup: they
  // belong in the head, where the browser finds them before it parses the page.
  const [, hints = '', markup = ''] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(html) ?? [];
  const items = params?.id
    ? queryClient.getQueryData(productQueries.items([params.id]).queryKey)
    : undefined;
  const meta = pageMeta(location.pathname, {
    categories: queryClient.getQueryData(categoryQueries.shown().queryKey) ?? null,
    product: items?.find((item) => item._id === params?.id && !item.archivedAt) ?? null,
    shop: queryClient.getQueryData(shopQueries.shop().queryKey)?.shop,
  });
  const state: StorefrontState = { queries: dehydrate(queryClient) };
  return {
    status: failed ? 503 : meta.status,
    head: `${headTags(meta, origin)}\n    ${hints}`,
    html: markup,
    state: JSON.stringify(state),
  };
};
