import {
  idField,
  IMPORT_LIMITS,
  KHATA_PAGE_SIZE,
  khataAdjustmentBodySchema,
  khataCustomerBodySchema,
  khataCustomersQuerySchema,
  khataEntriesQuerySchema,
  khataPaymentBodySchema,
  khataShoppersQuerySchema,
  khataStatementQuerySchema,
  toRupees,
  type KhataCustomerAnswer,
  type KhataCustomersAnswer,
  type KhataEntriesAnswer,
  type KhataEntryAnswer,
  type KhataReminderAnswer,
  type KhataShoppersAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { assertSafeInput } from '../../lib/text-input.js';
import { requireSession } from '../session/auth.js';
import { readShop } from '../shop/shop.service.js';
import { filesUpload } from '../upload/upload.js';
import { createCustomer, updateCustomer } from './khata-customers.service.js';
import { adjustBalance, receivePayment, type Written } from './khata-entries.service.js';
import { importCustomers } from './khata-import.js';
import { customerById, customersPage, entriesPage, findShoppers } from './khata-reads.js';
import { reminderOf } from './khata-reminder.js';
import { readStatement, statementCsv, statementHtml } from './khata-statement.js';
import { presentCustomer, presentEntry, presentImport } from './khata.presenter.js';

const entryAnswer = ({ entry, customer }: Written): KhataEntryAnswer => ({
  success: true,
  entry: presentEntry(entry),
  customer: presentCustomer(customer),
});

/** The khata (docs/khata.md): the seller's customers, their ledgers, reminders and statements. */
export function khataRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/khata' });
  const seller: Middleware<AppState, AppContext> = async (ctx, next) => {
    await requireSession(ctx, 'seller');
    await next();
  };
  const customerId = (ctx: AppContext) => idField('id').parse(ctx.params.id);

  router.get('/customers', seller, async (ctx) => {
    const query = khataCustomersQuerySchema.parse(ctx.query);
    const found = await customersPage(ctx.em, {
      q: query.q,
      owing: query.owing === 'true',
      page: query.page,
    });
    ctx.body = {
      success: true,
      customers: found.customers.map(presentCustomer),
      page: query.page,
      pages: Math.max(1, Math.ceil(found.total / KHATA_PAGE_SIZE)),
      total: found.total,
      toCollect: toRupees(found.toCollectPaise),
    } satisfies KhataCustomersAnswer;
  });

  router.post('/customers', seller, async (ctx) => {
    const body = khataCustomerBodySchema.parse(ctx.request.body);
    assertSafeInput(body);
    const customer = await createCustomer(ctx.em, ctx.events, body);
    ctx.status = 201;
    ctx.body = { success: true, customer: presentCustomer(customer) } satisfies KhataCustomerAnswer;
  });

  router.get('/customers/:id', seller, async (ctx) => {
    const customer = await customerById(ctx.em, customerId(ctx));
    ctx.body = { success: true, customer: presentCustomer(customer) } satisfies KhataCustomerAnswer;
  });

  router.put('/customers/:id', seller, async (ctx) => {
    const id = customerId(ctx);
    const body = khataCustomerBodySchema.parse(ctx.request.body);
    assertSafeInput(body);
    const customer = await updateCustomer(ctx.em, ctx.events, id, body);
    ctx.body = { success: true, customer: presentCustomer(customer) } satisfies KhataCustomerAnswer;
  });

  router.get('/customers/:id/entries', seller, async (ctx) => {
    const id = customerId(ctx);
    const { before } = khataEntriesQuerySchema.parse(ctx.query);
    const customer = await customerById(ctx.em, id);
    const page = await entriesPage(ctx.em, id, before);
    ctx.body = {
      success: true,
      customer: presentCustomer(customer),
      entries: page.entries.map(presentEntry),
      more: page.more,
    } satisfies KhataEntriesAnswer;
  });

  router.post('/customers/:id/payments', seller, async (ctx) => {
    const id = customerId(ctx);
    const key = idempotencyKeyOf(ctx);
    const body = khataPaymentBodySchema.parse(ctx.request.body);
    assertSafeInput(body);
    ctx.status = 201;
    ctx.body = entryAnswer(await receivePayment(ctx.em, ctx.events, id, body, key));
  });

  router.post('/customers/:id/adjustments', seller, async (ctx) => {
    const id = customerId(ctx);
    const key = idempotencyKeyOf(ctx);
    const body = khataAdjustmentBodySchema.parse(ctx.request.body);
    assertSafeInput(body);
    ctx.status = 201;
    ctx.body = entryAnswer(await adjustBalance(ctx.em, ctx.events, id, body, key));
  });

  router.get('/customers/:id/reminder', seller, async (ctx) => {
    const customer = await customerById(ctx.em, customerId(ctx));
    ctx.body = {
      success: true,
      ...reminderOf(customer, await readShop(ctx.em)),
    } satisfies KhataReminderAnswer;
  });

  // A document to print or open in a spreadsheet, not JSON.
  router.get('/customers/:id/statement', seller, async (ctx) => {
    const id = customerId(ctx);
    const { from, to, format } = khataStatementQuerySchema.parse(ctx.query);
    const statement = await readStatement(ctx.em, id, from, to);
    ctx.set('Cache-Control', 'no-store');
    if (format === 'csv') {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.attachment(`khata-${statement.customer.phone}-${from}-${to}.csv`);
      ctx.body = statementCsv(statement);
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    // The seller's screen prints it from a frame of its own page.
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    );
    ctx.remove('X-Frame-Options');
    ctx.body = statementHtml(statement);
  });

  router.post('/import', seller, filesUpload(['file'], IMPORT_LIMITS.csvBytes), async (ctx) => {
    const files = (ctx.request.files ?? {}) as unknown as Partial<
      Record<'file', { buffer: Buffer }[]>
    >;
    const csv = files.file?.[0]?.buffer;
    if (!csv) throw new AppError('INVALID', 'file is required: the CSV of customers');
    const answer = presentImport(await importCustomers(ctx.em, ctx.events, csv));
    ctx.status = answer.success ? 200 : 400;
    ctx.body = answer;
  });

  // Shopper accounts to link a customer to.
  router.get('/shoppers', seller, async (ctx) => {
    const { q } = khataShoppersQuerySchema.parse(ctx.query);
    const shoppers = await findShoppers(ctx.em, q);
    ctx.body = {
      success: true,
      shoppers: shoppers.map(({ id, name, email }) => ({ _id: id, name, email })),
    } satisfies KhataShoppersAnswer;
  });

  return router;
}
