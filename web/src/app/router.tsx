import { createBrowserRouter } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { RouteError } from './route-error';

/**
 * The storefront and the seller area are separate lazy chunks; the agents' phone app is a page of
 * its own (agents.html, src/agent-main.tsx), so it never downloads either (design.md, Clients).
 * Every shop screen is its own chunk too, so the first load of `/` carries only the layout and
 * the home page.
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
            path: 'products',
            lazy: {
              Component: async () => (await import('../areas/shop/products-page')).ProductsPage,
            },
          },
          {
            path: 'products/:category',
            lazy: {
              Component: async () => (await import('../areas/shop/category-page')).CategoryPage,
            },
          },
          {
            path: 'products/:category/:id',
            lazy: {
              Component: async () => (await import('../areas/shop/product-page')).ProductPage,
            },
          },
          {
            path: 'cart',
            lazy: { Component: async () => (await import('../areas/shop/cart-page')).CartPage },
          },
          {
            path: 'add-address',
            lazy: {
              Component: async () =>
                (await import('../areas/shop/add-address-page')).AddAddressPage,
            },
          },
          {
            path: 'my-orders',
            lazy: {
              Component: async () => (await import('../areas/shop/my-orders-page')).MyOrdersPage,
            },
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
        path: '/seller',
        lazy: { Component: async () => (await import('./layouts/seller-layout')).SellerLayout },
        children: [
          {
            index: true,
            lazy: {
              Component: async () =>
                (await import('../areas/seller/add-product-page')).AddProductPage,
            },
          },
          {
            path: 'product-list',
            lazy: {
              Component: async () =>
                (await import('../areas/seller/product-list-page')).ProductListPage,
            },
          },
          {
            path: 'orders',
            lazy: {
              Component: async () => (await import('../areas/seller/orders-page')).OrdersPage,
            },
          },
          {
            path: 'agents',
            lazy: {
              Component: async () => (await import('../areas/seller/agents-page')).AgentsPage,
            },
          },
          {
            path: '*',
            lazy: {
              Component: async () =>
                (await import('../areas/seller/seller-not-found-page')).SellerNotFoundPage,
            },
          },
        ],
      },
    ],
  },
]);
