import type { RouteObject } from 'react-router';
import { storefrontRoute } from '../apps/storefront/routes';
import { Spinner } from '../common/ui/spinner';
import { RouteError } from './route-error';

/** The seller area's module of routes (app/router.ts patches its screens in from it too). */
const sellerArea = () => import('../apps/seller/routes');

/**
 * index.html's routes: the storefront under `/` and the seller's screens under `/seller`, separate
 * lazy chunks; the agents' phone app is a page of its own (agents.html, src/agent-main.tsx), so it
 * never downloads either (docs/architecture.md#the-three-apps).
 */
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    HydrateFallback: () => <Spinner label="Loading Kirana…" />,
    children: [
      storefrontRoute,
      {
        id: 'seller',
        path: '/seller',
        lazy: { Component: async () => (await sellerArea()).loadSellerLayout() },
        // Its other screens (apps/seller/routes.tsx) are found once the seller goes to one
        // (router.ts): not a line of them in the storefront's first load.
        children: [
          {
            index: true,
            lazy: { Component: async () => (await sellerArea()).loadAddProductPage() },
          },
        ],
      },
    ],
  },
];
