import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { pageData, type PageAddress } from '../../common/catalogue/queries';

/** What a route says of itself to the server (React Router's `handle`). */
export interface RouteHandle {
  /** The server renders the page (entry-server.tsx): a public page shoppers and search engines read. */
  serverRendered: true;
  /** Asks what the page shows into `client`, before the server renders it. */
  data?: (client: QueryClient, address: PageAddress) => Promise<unknown>;
}

const serverRendered = (data?: RouteHandle['data']): RouteHandle => ({
  serverRendered: true,
  data,
});

/**
 * My Orders and My khata, in one chunk: a screen of its own would add its files to the first
 * load's table of preloads.
 */
const accountScreens = () => import('./screens/my-orders-page');

/**
 * The storefront's screens, under `/`: each its own lazy chunk, so the first load of `/` carries
 * only the layout and the home page. Its public pages are rendered on the server too, from the
 * catalogue (entry-server.tsx), and hydrated in the browser (app/router.ts).
 */
export const storefrontRoute: RouteObject = {
  path: '/',
  lazy: { Component: async () => (await import('./layout/shop-layout')).ShopLayout },
  children: [
    {
      index: true,
      handle: serverRendered(pageData.home),
      lazy: { Component: async () => (await import('./screens/home-page')).HomePage },
    },
    {
      path: 'products',
      handle: serverRendered(pageData.products),
      lazy: {
        Component: async () => (await import('./screens/products-page')).ProductsPage,
      },
    },
    {
      path: 'products/:category',
      handle: serverRendered(pageData.category),
      lazy: {
        Component: async () => (await import('./screens/category-page')).CategoryPage,
      },
    },
    {
      path: 'products/:category/:id',
      handle: serverRendered(pageData.product),
      lazy: {
        Component: async () => (await import('./screens/product-page')).ProductPage,
      },
    },
    {
      path: 'cart',
      lazy: { Component: async () => (await import('./screens/cart-page')).CartPage },
    },
    {
      path: 'add-address',
      lazy: {
        Component: async () => (await import('./screens/add-address-page')).AddAddressPage,
      },
    },
    {
      path: 'my-orders',
      lazy: { Component: async () => (await accountScreens()).MyOrdersPage },
    },
    {
      path: 'khata',
      lazy: { Component: async () => (await accountScreens()).MyKhataPage },
    },
    ...(
      [
        ['delivery', 'DeliveryPage'],
        ['returns', 'ReturnsPage'],
        ['contact', 'ContactPage'],
      ] as const
    ).map(([path, page]) => ({
      path,
      handle: serverRendered(),
      lazy: { Component: async () => (await import('./screens/shop-pages'))[page] },
    })),
    {
      path: '*',
      handle: serverRendered(),
      lazy: {
        Component: async () => (await import('./screens/not-found-page')).NotFoundPage,
      },
    },
  ],
};
