import {
  COUNTER_CATALOGUE_PAGE,
  COUNTER_SALES_PAGE,
  counterCatalogueQuerySchema,
  counterDayCloseBodySchema,
  counterCancelledBodySchema,
  counterDayOpenBodySchema,
  counterDaysQuerySchema,
  counterDeviceBodySchema,
  counterDeviceParamSchema,
  counterLookupQuerySchema,
  counterReturnBodySchema,
  counterSaleBodySchema,
  counterSalesQuerySchema,
  dayIn,
  idField,
  receiptHtml,
  receiptQuerySchema,
  type CounterCatalogueAnswer,
  type CounterDayAnswer,
  type CounterDaysAnswer,
  type CounterDeviceAnswer,
  type CounterLookupAnswer,
  type CounterReturnAnswer,
  type CounterSaleAnswer,
  type CounterSalesAnswer,
  type MessageAnswer,
} from '@kirana/shared';
import { receiptEscPos } from '@kirana/shared/receipt-escpos';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { assertSafeInput } from '../../lib/text-input.js';
import { presentProduct } from '../product/product.presenter.js';
import { requireSession } from '../session/auth.js';
import { readShop } from '../shop/shop.service.js';
import { presentDay, presentReturn, presentSale, returnMessage } from './counter.presenter.js';
import { cataloguePage, productByCode, saleById, saleByNumber, salesOf } from './counter-reads.js';
import { cancelDeviceNumber, deviceBySeries, registerDevice } from './counter-devices.js';
import { returnToCounter } from './counter-returns.service.js';
import { sellAtCounter } from './counter-sale.service.js';
import { closeTill, currentTill, openTill, openTillDay, tillDaysOn } from './till-day.service.js';

/** The till (docs/counter.md#the-till): the seller's alone. */
export function counterRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/counter' });
  router.use(async (ctx, next) => {
    await requireSession(ctx, 'seller');
    await next();
  });

  // A scanner's barcode or scale label, or the code the seller typed.
  router.get('/lookup', async (ctx) => {
    const { code } = counterLookupQuerySchema.parse(ctx.query);
    const { product, quantity } = await productByCode(ctx.em, code);
    ctx.body = {
      success: true,
      product: presentProduct(product, ctx.publicUrl),
      ...(quantity !== undefined && { quantity }),
    } satisfies CounterLookupAnswer;
  });

  router.post('/sales', async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    const body = counterSaleBodySchema.parse(ctx.request.body);
    assertSafeInput(body);
    const sale = await sellAtCounter(ctx.em, ctx.events, body, key);
    ctx.status = 201;
    ctx.body = {
      success: true,
      sale: presentSale(sale),
      flagged: sale.flagged,
    } satisfies CounterSaleAnswer;
  });

  // A day's sales; without one, the open day's (past midnight too), else the shop's today's. Or
  // one bill by its number, whatever its day.
  router.get('/sales', async (ctx) => {
    const query = counterSalesQuerySchema.parse(ctx.query);
    if (query.number !== undefined) {
      const { timeZone } = await readShop(ctx.em);
      const sale = await saleByNumber(ctx.em, query.number, timeZone);
      ctx.body = {
        success: true,
        date: dayIn(sale?.createdAt ?? new Date(), timeZone),
        sales: sale ? [presentSale(sale)] : [],
        more: false,
      } satisfies CounterSalesAnswer;
      return;
    }
    const open = query.date ? null : await openTillDay(ctx.em);
    const date = query.date ?? open?.date ?? dayIn(new Date(), (await readShop(ctx.em)).timeZone);
    const { sales, more } = await salesOf(
      ctx.em,
      open ? { dayId: open.id } : { date },
      query.before,
      COUNTER_SALES_PAGE,
    );
    ctx.body = {
      success: true,
      date,
      sales: sales.map(presentSale),
      more,
    } satisfies CounterSalesAnswer;
  });

  router.get('/sales/:id', async (ctx) => {
    const sale = await saleById(ctx.em, idField('id').parse(ctx.params.id));
    ctx.body = { success: true, sale: presentSale(sale) } satisfies CounterSaleAnswer;
  });

  router.post('/sales/:id/return', async (ctx) => {
    const saleId = idField('id').parse(ctx.params.id);
    const key = idempotencyKeyOf(ctx);
    const body = counterReturnBodySchema.parse(ctx.request.body);
    const { record, sale } = await returnToCounter(ctx.em, ctx.events, saleId, body, key);
    ctx.body = {
      success: true,
      message: returnMessage(record),
      return: presentReturn(record),
      sale: presentSale(sale),
    } satisfies CounterReturnAnswer;
  });

  // For a thermal printer (ESC/POS bytes), or any printer and a browser (an HTML page).
  router.get('/sales/:id/receipt', async (ctx) => {
    const saleId = idField('id').parse(ctx.params.id);
    const { format, width, drawer } = receiptQuerySchema.parse(ctx.query);
    const [record, settings] = await Promise.all([saleById(ctx.em, saleId), readShop(ctx.em)]);
    const sale = presentSale(record);
    // A reprint says the GSTIN its document was issued under.
    const shop = { ...settings, gstin: record.invoice?.gstin ?? settings.gstin };
    if (format === 'escpos') {
      ctx.type = 'application/octet-stream';
      ctx.body = Buffer.from(receiptEscPos(sale, shop, { width, drawer }));
    } else {
      ctx.type = 'text/html; charset=utf-8';
      // The Counter screen prints it from a frame of its own page.
      ctx.set(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
      );
      ctx.remove('X-Frame-Options');
      ctx.body = receiptHtml(sale, shop, width);
    }
  });

  // The catalogue a page at a time, for the counter to keep what it sells without a connection.
  router.get('/catalogue', async (ctx) => {
    const { after } = counterCatalogueQuerySchema.parse(ctx.query);
    const { products, next } = await cataloguePage(ctx.em, after, COUNTER_CATALOGUE_PAGE);
    ctx.body = {
      success: true,
      products: products.map((product) => presentProduct(product, ctx.publicUrl)),
      next,
    } satisfies CounterCatalogueAnswer;
  });

  // A counter device takes its own bill series for the sales it makes offline.
  router.post('/devices', async (ctx) => {
    const { name } = counterDeviceBodySchema.parse(ctx.request.body);
    assertSafeInput({ name });
    ctx.status = 201;
    ctx.body = {
      success: true,
      device: await registerDevice(ctx.em, name),
    } satisfies CounterDeviceAnswer;
  });

  router.get('/devices/:series', async (ctx) => {
    const { series } = counterDeviceParamSchema.parse(ctx.params);
    ctx.body = {
      success: true,
      device: await deviceBySeries(ctx.em, series),
    } satisfies CounterDeviceAnswer;
  });

  // A number of the counter's series whose bill will never be a sale: cancelled, never a gap.
  router.post('/devices/:series/cancelled', async (ctx) => {
    const { series } = counterDeviceParamSchema.parse(ctx.params);
    const body = counterCancelledBodySchema.parse(ctx.request.body);
    assertSafeInput(body);
    const { printed, reason } = await cancelDeviceNumber(ctx.em, series, body);
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: `${printed} is cancelled: ${reason}`,
    } satisfies MessageAnswer;
  });

  router.get('/day', async (ctx) => {
    const day = await currentTill(ctx.em);
    ctx.body = { success: true, day: day && presentDay(day) } satisfies CounterDayAnswer;
  });

  router.post('/day/open', async (ctx) => {
    const { openingFloat } = counterDayOpenBodySchema.parse(ctx.request.body);
    const day = await openTill(ctx.em, ctx.events, openingFloat);
    ctx.status = 201;
    ctx.body = { success: true, day: presentDay(day) } satisfies CounterDayAnswer;
  });

  router.post('/day/close', async (ctx) => {
    const body = counterDayCloseBodySchema.parse(ctx.request.body);
    assertSafeInput(body);
    const day = await closeTill(ctx.em, ctx.events, body.countedCash, body.note);
    ctx.body = { success: true, day: presentDay(day) } satisfies CounterDayAnswer;
  });

  router.get('/days', async (ctx) => {
    const { date } = counterDaysQuerySchema.parse(ctx.query);
    const days = await tillDaysOn(ctx.em, date);
    ctx.body = { success: true, date, days: days.map(presentDay) } satisfies CounterDaysAnswer;
  });

  return router;
}
