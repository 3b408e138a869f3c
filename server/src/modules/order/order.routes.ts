import {
  assignOrderBodySchema,
  cancelOrderBodySchema,
  type CancelOrderAnswer,
  idField,
  MESSAGES,
  placeOrderBodySchema,
  releaseOrderBodySchema,
  sellerCancelOrderBodySchema,
  sellerOrdersQuerySchema,
  type OrderHistoryAnswer,
  type SellerOrdersAnswer,
  type UserOrdersAnswer,
  unlockPinBodySchema,
} from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { cancelOrder, type CancellationStep } from './order-cancel.service.js';
import { assignOrder, takeOrderBack, unlockDeliveryPin } from './order-state.service.js';
import { presentSellerOrder, presentShopperOrder, sellerOrderAnswer } from './order.presenter.js';
import { placementRequest } from './order-idempotency.service.js';
import { placeCodOrder } from './order.service.js';
import { listOrderHistory, listSellerOrders, listUserOrders } from './order-reads.js';

/**
 * Orders: placing one cash on delivery, the shopper's and the seller's lists, cancelling (with
 * `cancellation`'s steps: cash given back, refunds), and the seller's changes and history.
 */
export function orderRoutes(
  cancellation: readonly CancellationStep[],
): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/order' });

  // Both placements answer a repeated Idempotency-Key with the first answer, status included.
  router.post('/cod', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const key = idempotencyKeyOf(ctx);
    const body = placeOrderBodySchema.parse(ctx.request.body);
    const request = placementRequest(key, 'cod', body);
    const answer = await placeCodOrder(ctx.em, ctx.events, userId, body, request, {
      deliveryPin: ctx.deliveryPin,
      shop: await ctx.shopSettings.get(),
    });
    ctx.status = answer.status;
    ctx.body = answer.body;
  });

  // The shopper cancels their own order until it is picked; a paid one is refunded.
  router.post('/cancel', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const { orderId } = cancelOrderBodySchema.parse(ctx.request.body);
    const canceller = { role: 'user', id: userId } as const;
    const { order, refunding } = await cancelOrder(
      ctx.em,
      ctx.events,
      cancellation,
      canceller,
      orderId,
    );
    ctx.body = {
      success: true,
      message: refunding ? MESSAGES.orderCancelledRefund : MESSAGES.orderCancelled,
      order: presentShopperOrder(order, ctx.publicUrl),
    } satisfies CancelOrderAnswer;
  });

  router.get('/user', async (ctx) => {
    const orders = await listUserOrders(ctx.em, await requireSession(ctx, 'user'));
    ctx.body = {
      success: true,
      orders: orders.map((order) => presentShopperOrder(order, ctx.publicUrl)),
    } satisfies UserOrdersAnswer;
  });

  router.get('/seller', async (ctx) => {
    await requireSession(ctx, 'seller');
    const query = sellerOrdersQuerySchema.parse(ctx.query);
    const { orders, hasMore } = await listSellerOrders(ctx.em, query);
    ctx.body = {
      success: true,
      orders: orders.map((order) => presentSellerOrder(order, ctx.publicUrl)),
      page: query.page,
      hasMore,
    } satisfies SellerOrdersAnswer;
  });

  // The seller takes an order back from its agent: it returns to the open pool.
  router.post('/seller/release', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { orderId } = releaseOrderBodySchema.parse(ctx.request.body);
    const order = await takeOrderBack(ctx.em, ctx.events, orderId);
    ctx.body = sellerOrderAnswer(MESSAGES.orderTakenBack, order, ctx.publicUrl);
  });

  // The seller cancels an order until it is delivered, with a reason; a paid one is refunded.
  router.post('/seller/cancel', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { orderId, reason } = sellerCancelOrderBodySchema.parse(ctx.request.body);
    const canceller = { role: 'seller', reason } as const;
    const { order, refunding } = await cancelOrder(
      ctx.em,
      ctx.events,
      cancellation,
      canceller,
      orderId,
    );
    ctx.body = sellerOrderAnswer(
      refunding ? MESSAGES.orderCancelledRefund : MESSAGES.orderCancelled,
      order,
      ctx.publicUrl,
    );
  });

  // The seller hands an open order to an agent, as if the agent had accepted it.
  router.post('/seller/assign', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { orderId, agentId } = assignOrderBodySchema.parse(ctx.request.body);
    const order = await assignOrder(ctx.em, ctx.events, orderId, agentId);
    ctx.body = sellerOrderAnswer(
      MESSAGES.orderAssigned(order.assignedTo?.name ?? 'the agent'),
      order,
      ctx.publicUrl,
    );
  });

  // After too many wrong delivery PINs, the seller lets the agent try again.
  router.post('/seller/unlock-pin', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { orderId } = unlockPinBodySchema.parse(ctx.request.body);
    const order = await unlockDeliveryPin(ctx.em, ctx.events, orderId);
    ctx.body = sellerOrderAnswer(MESSAGES.pinUnlocked, order, ctx.publicUrl);
  });

  router.get('/:id/history', async (ctx) => {
    await requireSession(ctx, 'seller');
    const events = await listOrderHistory(ctx.em, idField('id').parse(ctx.params.id));
    ctx.body = { success: true, events } satisfies OrderHistoryAnswer;
  });

  return router;
}
