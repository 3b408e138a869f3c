import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes';

/**
 * The browser's router. For a page the server rendered, the lazy modules of the routes it shows
 * are loaded first, so that the first render in the browser is the server's (React Router's
 * advice for lazy routes with server rendering). The seller's screens are discovered lazily.
 */
export async function createRouter({ hydrating }: { hydrating: boolean }) {
  if (hydrating) await loadMatchedRoutes(routes, window.location.pathname);
  let sellerScreens: Promise<void> | undefined;
  return createBrowserRouter(routes, {
    // The seller's screens join the routes the first time the seller goes to them.
    patchRoutesOnNavigation: ({ path, patch }) => {
      if (!isSellerPath(path)) return;
      sellerScreens ??= import('./seller-routes').then(({ sellerRoutes }) =>
        patch('seller', sellerRoutes),
      );
      return sellerScreens;
    },
  });
}

/** Whether `path` is the seller area's (`/seller` and under it). */
const isSellerPath = (path: string): boolean => /^\/seller(\/|$|\?)/.test(path);

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
