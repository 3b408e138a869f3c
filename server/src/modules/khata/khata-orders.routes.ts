import { placeOrderBodySchema } from '@kirana/shared';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { placementRequest } from '../order/order-idempotency.service.js';
import { placeUnpaidOrder } from '../order/order.service.js';
import { requireSession } from '../session/auth.js';
import { holdShopperCredit } from './khata-orders.js';

/**
 * `POST /api/order/khata`: the shopper's order on their khata, with the body and the
 * Idempotency-Key of `POST /api/order/cod`.
 */
export function khataOrderRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/order' });

  router.post('/khata', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const key = idempotencyKeyOf(ctx);
    const body = placeOrderBodySchema.parse(ctx.request.body);
    const request = placementRequest(key, 'khata', body);
    const answer = await placeUnpaidOrder(ctx.em, ctx.events, userId, body, request, {
      type: 'Khata',
      holdCredit: holdShopperCredit,
      deliveryPin: ctx.deliveryPin,
    });
    ctx.status = answer.status;
    ctx.body = answer.body;
  });

  return router;
}
