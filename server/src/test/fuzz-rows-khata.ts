/** The fuzz rows (fuzz-rows.ts) of the khata's seller routes. */
import {
  khataAdjustmentBodySchema,
  khataCustomerBodySchema,
  khataPaymentBodySchema,
  type KHATA_IMPORT_COLUMNS,
} from '@kirana/shared';
import { KINDS, type FuzzRow } from './fuzz-rows.js';

const customer = () => ({ name: 'Fuzz Regular', phone: '9876501234', creditLimit: 100 });

/** The khata's routes: the seller's customers, ledgers, reminders, statements and import. */
export const KHATA_ROWS: Record<string, FuzzRow> = {
  'GET /api/khata/customers': { as: KINDS, query: ['q', 'owing', 'page'] },
  'POST /api/khata/customers': {
    as: ['seller'],
    body: { json: khataCustomerBodySchema, example: customer },
  },
  'GET /api/khata/customers/:id': { as: KINDS },
  'PUT /api/khata/customers/:id': {
    as: ['seller'],
    body: { json: khataCustomerBodySchema, example: customer },
  },
  'GET /api/khata/customers/:id/entries': { as: KINDS, query: ['before'] },
  'POST /api/khata/customers/:id/payments': {
    as: ['seller'],
    body: { json: khataPaymentBodySchema, example: () => ({ amount: 10, method: 'cash' }) },
  },
  'POST /api/khata/customers/:id/adjustments': {
    as: ['seller'],
    body: { json: khataAdjustmentBodySchema, example: () => ({ amount: -5, reason: 'Fuzz' }) },
  },
  'GET /api/khata/customers/:id/reminder': { as: KINDS },
  'GET /api/khata/customers/:id/statement': { as: KINDS, query: ['from', 'to', 'format'] },
  'POST /api/khata/import': {
    as: ['seller'],
    body: {
      csv: {
        file: 'file',
        // Every column, each cell one the import takes (a new customer's), until one is made bad.
        row: {
          name: 'Fuzz Regular',
          phone: '9876501234',
          creditLimit: '100',
          balance: '25.50',
          note: 'Fuzz',
        } satisfies Record<(typeof KHATA_IMPORT_COLUMNS)[number], string>,
      },
    },
  },
  'GET /api/khata/shoppers': { as: KINDS, query: ['q'] },
};
