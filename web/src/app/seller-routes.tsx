import type { RouteObject } from 'react-router';

/**
 * The seller's screens, each a lazy chunk, under the `seller` route (routes.tsx) beside its index
 * (Add Product): patched into the router once the seller goes to one (router.ts), so the
 * storefront's first load never carries this list.
 */
export const sellerRoutes: RouteObject[] = [
  {
    path: 'product-list',
    lazy: {
      Component: async () => (await import('../areas/seller/product-list-page')).ProductListPage,
    },
  },
  {
    path: 'product-list/:id',
    lazy: {
      Component: async () => (await import('../areas/seller/edit-product-page')).EditProductPage,
    },
  },
  {
    path: 'categories',
    lazy: {
      Component: async () => (await import('../areas/seller/categories-page')).CategoriesPage,
    },
  },
  {
    path: 'import',
    lazy: {
      Component: async () => (await import('../areas/seller/import-page')).ImportPage,
    },
  },
  {
    path: 'orders',
    lazy: {
      Component: async () => (await import('../areas/seller/orders-page')).OrdersPage,
    },
  },
  {
    path: 'counter',
    lazy: {
      Component: async () => (await import('../areas/seller/counter-page')).CounterPage,
    },
  },
  {
    path: 'agents',
    lazy: {
      Component: async () => (await import('../areas/seller/agents-page')).AgentsPage,
    },
  },
  {
    path: 'cash-report',
    lazy: {
      Component: async () => (await import('../areas/seller/cash-report-page')).CashReportPage,
    },
  },
  {
    path: 'dashboard',
    lazy: {
      Component: async () => (await import('../areas/seller/dashboard-page')).DashboardPage,
    },
  },
  {
    path: 'shop',
    lazy: {
      Component: async () => (await import('../areas/seller/shop-page')).ShopPage,
    },
  },
  {
    path: 'backups',
    lazy: {
      Component: async () => (await import('../areas/seller/backups-page')).BackupsPage,
    },
  },
  {
    path: '*',
    lazy: {
      Component: async () =>
        (await import('../areas/seller/seller-not-found-page')).SellerNotFoundPage,
    },
  },
];
