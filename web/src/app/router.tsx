import { createBrowserRouter } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { RouteError } from './route-error';

/**
 * The three areas are separate lazy chunks, so the agents' phone app never downloads the
 * storefront or the seller screens (design.md, Clients).
 */
export const router = createBrowserRouter([
  {
    ErrorBoundary: RouteError,
    HydrateFallback: () => <Spinner label="Loading Kirana…" />,
    children: [
      {
        path: '/',
        lazy: { Component: async () => (await import('./layouts/shop-layout')).ShopLayout },
        children: [
          {
            index: true,
            lazy: { Component: async () => (await import('../areas/shop/home-page')).HomePage },
          },
          {
            path: '*',
            lazy: {
              Component: async () => (await import('../areas/shop/not-found-page')).NotFoundPage,
            },
          },
        ],
      },
      {
        path: '/seller/*',
        lazy: { Component: async () => (await import('./layouts/seller-layout')).SellerLayout },
      },
      {
        path: '/agents/*',
        lazy: { Component: async () => (await import('./layouts/agent-layout')).AgentLayout },
      },
    ],
  },
]);
