import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes';

/**
 * The browser's router. For a page the server rendered, the lazy modules of the routes it shows
 * are loaded first, so that the first render in the browser is the server's (React Router's
 * advice for lazy routes with server rendering). The seller's screens are discovered lazily.
 */
export async function createRouter({ hydrating }: { hydrating: boolean }) {
  if (hydrating) await loadMatchedRoutes(routes, window.location.pathname);
  let sellerScreens: Promise<{ sellerRoutes: RouteObject[] }> | undefined;
  return createBrowserRouter(routes, {
    // The seller's screens join the routes the first time the seller goes to them. Each
    // navigation patches for itself (a superseded one's patch is ignored; repeats are skipped),
    // and a chunk that failed to load is asked for again next time.
    patchRoutesOnNavigation: async ({ path, patch }) => {
      if (!isSellerPath(path)) return;
      sellerScreens ??= import('../apps/seller/routes').catch((error: unknown) => {
        sellerScreens = undefined;
        throw error;
      });
      patch('seller', (await sellerScreens).sellerRoutes);
    },
  });
}

/** Whether `path` is the seller area's (`/seller` and under it). */
const isSellerPath = (path: string): boolean => /^\/seller(\/|$|\?)/i.test(path);

/** Loads the lazy parts of the routes of `routes` matching `pathname` into the routes themselves. */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      const { lazy } = route;
      if (!lazy) return;
      const loaded =
        typeof lazy === 'function'
          ? await lazy()
          : Object.fromEntries(
              await Promise.all(
                Object.entries(lazy as Record<string, () => Promise<unknown>>).map(
                  async ([key, load]) => [key, await load()],
                ),
              ),
            );
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
