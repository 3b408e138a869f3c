import { PAYMENT_CURRENCY, type PaymentConfigAnswer } from '@kirana/shared';
import Router from '@koa/router';
import getRawBody from 'raw-body';
import type { AppContext, AppState } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { applyWebhook } from './capture.js';
import type { PaymentDeps } from './provider.js';

/** Razorpay's webhook bodies are small; anything larger is not one. */
const WEBHOOK_LIMIT = '256kb';

/** `GET /api/payments/config`: which Checkout script the browser loads, with the public key. */
export function paymentRoutes(payments: PaymentDeps): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/payments' });
  router.get('/config', (ctx) => {
    const { provider } = payments;
    ctx.body = {
      success: true,
      provider: provider.name,
      keyId: provider.keyId,
      checkoutScript: provider.checkoutScript,
      currency: PAYMENT_CURRENCY,
    } satisfies PaymentConfigAnswer;
  });
  return router;
}

/**
 * `POST /api/payments/razorpay/webhook`, mounted before the body parser: the signature covers
 * the raw bytes, which a parsed and re-serialised body would not reproduce. Answers 2xx as soon
 * as the event's effect is stored; a repeated event id changes nothing.
 */
export function paymentWebhookRoutes(payments: PaymentDeps): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/payments' });
  router.post('/razorpay/webhook', async (ctx) => {
    let rawBody: Buffer;
    try {
      rawBody = await getRawBody(ctx.req, {
        limit: WEBHOOK_LIMIT,
        length: ctx.get('content-length') || undefined,
      });
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type === 'entity.too.large') throw new AppError('TOO_LARGE', 'Webhook body is too large');
      throw new AppError('INVALID', 'Webhook body could not be read');
    }
    const event = payments.provider.parseWebhook(
      rawBody,
      ctx.get('x-razorpay-signature') || undefined,
    );
    const eventId = ctx.get('x-razorpay-event-id') || undefined;
    await applyWebhook(ctx.em, payments, event, eventId);
    ctx.body = { success: true };
  });
  return router;
}
