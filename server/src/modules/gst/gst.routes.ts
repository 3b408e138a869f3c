import { gstMonthQuerySchema, type GstSummaryAnswer } from '@kirana/shared';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { requireSession } from '../session/auth.js';
import { readGstSummary, salesRegisterCsv } from './gst-month.js';
import { gstr1Csv, readGstr1 } from './gstr1.js';

/** The month's GST (docs/gst.md#gstr-1), the seller's: the return, the screen's summary, the sales register. */
export function gstRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/gst' });

  // The portal's JSON as a file to upload, or one of its tables as the offline tool's CSV.
  router.get('/gstr1', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { month, table } = gstMonthQuerySchema.parse(ctx.query);
    const gstr1 = await readGstr1(ctx.em, month);
    ctx.set('Cache-Control', 'no-store');
    if (table) {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.attachment(`kirana-gstr1-${month}-${table}.csv`);
      ctx.body = gstr1Csv(gstr1, table);
      return;
    }
    ctx.attachment(`kirana-gstr1-${month}.json`);
    ctx.type = 'application/json';
    ctx.body = gstr1;
  });

  router.get('/summary', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { month } = gstMonthQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await readGstSummary(ctx.em, month)) satisfies GstSummaryAnswer;
  });

  router.get('/register', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { month } = gstMonthQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`kirana-sales-register-${month}.csv`);
    ctx.body = await salesRegisterCsv(ctx.em, month);
  });

  return router;
}
