import { idField } from '@kirana/shared';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { optionalSession, requireSession } from '../session/auth.js';
import { invoiceHtml } from './invoice-html.js';
import { readOrderInvoice } from './order-documents.js';

/**
 * An online order's invoice as a page to print (docs/orders.md#invoices): for its shopper (My
 * Orders) and the seller (Orders); anyone else's order is not found, as orders are.
 */
export function invoiceRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/order' });

  router.get('/:id/invoice', async (ctx) => {
    const orderId = idField('id').parse(ctx.params.id);
    const seller = await optionalSession(ctx, 'seller');
    const shopper = seller ? null : await requireSession(ctx, 'user');
    const page = await readOrderInvoice(ctx.em, orderId, shopper);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.body = invoiceHtml(page);
  });

  return router;
}
