/**
 * The fuzz rows (fuzz-rows.ts) of the catalogue, categories, sign-ins and accounts, the agents'
 * list, the dashboard, the counter, the shop's settings and backups.
 */
import {
  type CatalogueColumn,
  agentDutyBodySchema,
  agentCreateBodySchema,
  agentLoginBodySchema,
  agentPairBodySchema,
  loginBodySchema,
  productDataFieldSchema,
  bulkStockBodySchema,
  removeSearchNameBodySchema,
  searchNameBodySchema,
  categoryDataFieldSchema,
  categoryUpdateFieldSchema,
  productUpdateFieldSchema,
  archiveProductBodySchema,
  registerBodySchema,
  shopUpdateBodySchema,
  counterSaleBodySchema,
  counterReturnBodySchema,
  counterDayOpenBodySchema,
  counterDayCloseBodySchema,
  counterCancelledBodySchema,
  counterDeviceBodySchema,
  sellerLoginBodySchema,
  stockBodySchema,
} from '@kirana/shared';
import { KINDS, type FuzzRow } from './fuzz-rows.js';

const productForm = { field: 'productData', files: 'images', maxFiles: 4 } as const;
const categoryForm = { field: 'categoryData', files: 'image', maxFiles: 1 } as const;

const validProductData = {
  name: 'Fuzz mangoes',
  category: 'Fruits',
  description: ['Sweet'],
  price: 120,
  offerPrice: 99.5,
  hsn: '0804',
  gstRate: 0,
};

/** The catalogue's, the accounts', the counter's, the shop's and the backups' routes. */
export const SHOP_ROWS: Record<string, FuzzRow> = {
  'GET /api/product/list': { as: KINDS },
  'POST /api/product/add': {
    as: ['seller'],
    body: { ...productForm, form: productDataFieldSchema, example: () => validProductData },
  },
  'POST /api/product/update': {
    as: ['seller'],
    body: {
      ...productForm,
      form: productUpdateFieldSchema,
      example: (ids) => ({
        id: ids.product,
        name: 'Fuzz mangoes',
        offerPrice: 99.5,
        hsn: '08045020',
        gstRate: '5%',
      }),
    },
  },
  'POST /api/product/archive': {
    as: ['seller'],
    body: { json: archiveProductBodySchema, example: (ids) => ({ id: ids.product }) },
  },
  'POST /api/product/stock': {
    as: ['seller'],
    body: { json: stockBodySchema, example: (ids) => ({ id: ids.product, inStock: false }) },
  },
  'POST /api/product/stock/bulk': {
    as: ['seller'],
    body: {
      json: bulkStockBodySchema,
      example: (ids) => ({ changes: [{ id: ids.product, inStock: false }] }),
    },
  },
  'POST /api/product/import': {
    as: ['seller'],
    body: {
      csv: {
        file: 'file',
        // Every column, each cell one the import takes (a new product's), until one is made bad.
        row: {
          sku: 'FUZZ-1',
          name: 'Fuzz mangoes',
          category: 'Fruits',
          price: '120',
          offerPrice: '99.50',
          description: 'Sweet|Ripe',
          weight: '1 kg',
          barcode: '8901234567894',
          inStock: 'yes',
          stockCount: '12',
          stockCountRead: '',
          images: '',
          unit: 'piece',
          steps: '',
          scaleCode: '',
          family: 'Mangoes',
          packLabel: '1 kg',
          drawsFrom: '',
          packQuantity: '',
          hsn: '0804',
          gstRate: '5%',
        } satisfies Record<CatalogueColumn, string>,
      },
    },
  },
  'GET /api/product/export': { as: KINDS },
  'GET /api/product/search': { as: KINDS, query: ['q', 'category', 'page', 'limit'] },
  'GET /api/product/items': { as: KINDS, query: ['ids'] },
  'GET /api/product/seller/list': {
    as: KINDS,
    query: ['q', 'category', 'filter', 'page', 'limit'],
  },
  'GET /api/product/search-names': { as: KINDS },
  'POST /api/product/search-names': {
    as: ['seller'],
    body: { json: searchNameBodySchema, example: () => ({ name: 'fuzz', means: 'mango' }) },
  },
  'POST /api/product/search-names/remove': {
    as: ['seller'],
    body: { json: removeSearchNameBodySchema, example: (ids) => ({ id: ids.product }) },
  },
  'GET /api/category/list': { as: KINDS },
  'POST /api/category/add': {
    as: ['seller'],
    body: {
      ...categoryForm,
      form: categoryDataFieldSchema,
      example: () => ({ text: 'Fuzz', path: 'Fuzz', bgColor: '#FFFFFF' }),
    },
  },
  'POST /api/category/update': {
    as: ['seller'],
    body: {
      ...categoryForm,
      form: categoryUpdateFieldSchema,
      // No category has this id: whatever else it says, nothing changes.
      example: (ids) => ({ id: ids.product, text: 'Fuzz' }),
    },
  },
  'POST /api/user/register': {
    as: KINDS,
    body: {
      json: registerBodySchema,
      example: () => ({ name: 'Fuzz', email: 'fuzz@example.com', password: 'fuzz-password' }),
    },
  },
  'POST /api/user/login': {
    as: KINDS,
    body: {
      json: loginBodySchema,
      example: () => ({ email: 'fuzz@example.com', password: 'fuzz-password' }),
    },
  },
  'GET /api/user/is-auth': { as: KINDS },
  // A signed-in browser would be signed out: only cookie-less and forged ones.
  'GET /api/user/logout': { as: [] },
  'POST /api/user/logout': { as: [] },
  'POST /api/seller/login': {
    as: KINDS,
    body: {
      json: sellerLoginBodySchema,
      example: () => ({ email: 'seller@example.com', password: 'seller-password' }),
    },
  },
  'GET /api/seller/is-auth': { as: KINDS },
  'GET /api/seller/logout': { as: [] },
  'POST /api/seller/logout': { as: [] },
  'GET /api/agents': { as: KINDS },
  'POST /api/agents/create': {
    as: ['seller'],
    body: { json: agentCreateBodySchema, example: () => ({ name: 'Fuzz', phone: '9000000001' }) },
  },
  'POST /api/agents/pair': {
    as: KINDS,
    body: { json: agentPairBodySchema, example: () => ({ code: 'ABCD-EFGH-JKLM' }) },
  },
  'POST /api/agents/login': {
    as: KINDS,
    body: { json: agentLoginBodySchema, example: () => ({ phone: '9000000001' }) },
  },
  'GET /api/agents/is-auth': { as: KINDS },
  'GET /api/agents/logout': { as: [] },
  'POST /api/agents/logout': { as: [] },
  'GET /api/agents/orders/visible': { as: KINDS },
  'GET /api/agents/cash': { as: KINDS },
  'PUT /api/agents/duty': {
    as: ['agent'],
    body: { json: agentDutyBodySchema, example: () => ({ onDuty: true }) },
  },
  'GET /api/agents/report': { as: KINDS, query: ['date', 'format'] },
  'GET /api/dashboard': { as: KINDS, query: ['from', 'to'] },
  'GET /api/gst/gstr1': { as: KINDS, query: ['month', 'format', 'table'] },
  'GET /api/gst/summary': { as: KINDS, query: ['month'] },
  'GET /api/gst/register': { as: KINDS, query: ['month'] },
  'GET /api/counter/lookup': { as: KINDS, query: ['code'] },
  'POST /api/counter/sales': {
    as: ['seller'],
    body: {
      json: counterSaleBodySchema,
      example: (ids) => ({ items: [{ product: ids.product, quantity: 1 }], payment: 'cash' }),
    },
  },
  'GET /api/counter/sales': { as: KINDS, query: ['date', 'before'] },
  'GET /api/counter/sales/:id': { as: KINDS },
  'POST /api/counter/sales/:id/return': {
    as: ['seller'],
    body: {
      json: counterReturnBodySchema,
      example: (ids) => ({ lines: [{ product: ids.product, quantity: 1 }] }),
    },
  },
  'GET /api/counter/sales/:id/receipt': { as: KINDS, query: ['format', 'width', 'drawer'] },
  'GET /api/counter/day': { as: KINDS },
  'POST /api/counter/day/open': {
    as: ['seller'],
    body: { json: counterDayOpenBodySchema, example: () => ({ openingFloat: 500 }) },
  },
  'POST /api/counter/day/close': {
    as: ['seller'],
    body: { json: counterDayCloseBodySchema, example: () => ({ countedCash: 500 }) },
  },
  'GET /api/counter/days': { as: KINDS, query: ['date'] },
  'GET /api/counter/catalogue': { as: KINDS, query: ['after'] },
  'POST /api/counter/devices': {
    as: ['seller'],
    body: { json: counterDeviceBodySchema, example: () => ({ name: 'Front counter' }) },
  },
  'GET /api/counter/devices/:series': { as: KINDS },
  'POST /api/counter/devices/:series/cancelled': {
    as: ['seller'],
    body: {
      json: counterCancelledBodySchema,
      example: () => ({
        number: 1,
        madeAt: new Date().toISOString(),
        reason: 'Dropped at the counter',
      }),
    },
  },
  'GET /api/shop': { as: KINDS },
  'PUT /api/shop': {
    as: ['seller'],
    body: {
      json: shopUpdateBodySchema,
      example: () => ({
        deliveryFee: 10,
        promiseMinutes: 30,
        tax: 'regular',
        gstin: '27AAPFU0939F1ZV',
        legalName: 'Fuzz Traders',
        invoicePrefix: 'FZ',
      }),
    },
  },
  'GET /api/shop/serviceable': { as: KINDS, query: ['zipcode'] },
  'GET /api/backups': { as: KINDS },
  // The seller's request backs up whatever its body says: only cookie-less and forged ones.
  'POST /api/backups': { as: [], body: { ignored: true } },
  'GET /api/backups/:name': { as: KINDS },
};
