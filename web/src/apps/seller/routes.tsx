import type { RouteObject } from 'react-router';

/*
 * The seller area's layout and its index (Add Product), loaded through this module (app/routes.tsx):
 * the storefront's first load then lists no file of theirs among its preloads, only this one.
 */
export const loadSellerLayout = async () => (await import('./layout/seller-layout')).SellerLayout;
export const loadAddProductPage = async () =>
  (await import('./screens/add-product-page')).AddProductPage;

/**
 * The seller's screens, each a lazy chunk, under the `seller` route (app/routes.tsx) beside its
 * index (Add Product): patched into the router once the seller goes to one (app/router.ts), so
 * the storefront's first load never carries this list.
 */
export const sellerRoutes: RouteObject[] = [
  {
    path: 'product-list',
    lazy: {
      Component: async () => (await import('./screens/product-list-page')).ProductListPage,
    },
  },
  {
    path: 'product-list/:id',
    lazy: {
      Component: async () => (await import('./screens/edit-product-page')).EditProductPage,
    },
  },
  {
    path: 'categories',
    lazy: {
      Component: async () => (await import('./screens/categories-page')).CategoriesPage,
    },
  },
  {
    path: 'import',
    lazy: {
      Component: async () => (await import('./screens/import-page')).ImportPage,
    },
  },
  {
    path: 'orders',
    lazy: {
      Component: async () => (await import('./screens/orders-page')).OrdersPage,
    },
  },
  {
    path: 'counter',
    lazy: {
      Component: async () => (await import('./screens/counter-page')).CounterPage,
    },
  },
  {
    path: 'khata',
    lazy: {
      Component: async () => (await import('./screens/khata-page')).KhataPage,
    },
  },
  {
    path: 'khata/:id',
    lazy: {
      Component: async () => (await import('./screens/khata-customer-page')).KhataCustomerPage,
    },
  },
  {
    path: 'agents',
    lazy: {
      Component: async () => (await import('./screens/agents-page')).AgentsPage,
    },
  },
  {
    path: 'cash-report',
    lazy: {
      Component: async () => (await import('./screens/cash-report-page')).CashReportPage,
    },
  },
  {
    path: 'gst',
    lazy: {
      Component: async () => (await import('./screens/gst-page')).GstPage,
    },
  },
  {
    path: 'dashboard',
    lazy: {
      Component: async () => (await import('./screens/dashboard-page')).DashboardPage,
    },
  },
  {
    path: 'shop',
    lazy: {
      Component: async () => (await import('./screens/shop-page')).ShopPage,
    },
  },
  {
    path: 'backups',
    lazy: {
      Component: async () => (await import('./screens/backups-page')).BackupsPage,
    },
  },
  {
    path: '*',
    lazy: {
      Component: async () => (await import('./screens/seller-not-found-page')).SellerNotFoundPage,
    },
  },
];
