import { fileURLToPath } from 'node:url';
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { sendIfExists } from '../../../lib/static.js';
import type { SandboxProvider } from './sandbox.provider.js';

/** The Checkout drop-in and its page (server/static/sandbox), the same from src/ and dist/. */
const STATIC_ROOT = fileURLToPath(new URL('../../../../static/sandbox', import.meta.url));
const FILES = new Set(['checkout.js', 'pay.html', 'pay.js', 'pay.css']);

const payBody = z.object({
  key_id: z.string({ message: 'key_id is required' }).max(100),
  outcome: z.enum(['success', 'failure'], { message: 'outcome must be success or failure' }),
});

/**
 * The sandbox's browser side: `checkout.js` (a drop-in for Razorpay's) opens `pay.html`, which
 * reads the provider order and pays or fails it here. Errors answer in Razorpay's shape,
 * `{ error: { code, description } }`, as the real Checkout's calls do.
 */
export function sandboxRoutes(sandbox: SandboxProvider): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/payments/sandbox' });

  router.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof AppError || error instanceof z.ZodError)) throw error;
      ctx.status = error instanceof AppError ? error.status : 400;
      const description =
        error instanceof AppError ? error.message : (error.issues[0]?.message ?? 'Bad request');
      ctx.body = { error: { code: 'BAD_REQUEST_ERROR', description } };
    }
  });

  router.get('/orders/:id', async (ctx) => {
    const keyId = typeof ctx.query.key_id === 'string' ? ctx.query.key_id : '';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await sandbox.checkoutOrder(ctx.params.id ?? '', keyId);
  });

  router.post('/orders/:id/pay', async (ctx) => {
    const { key_id, outcome } = payBody.parse(ctx.request.body);
    ctx.body = await sandbox.pay(ctx.params.id ?? '', key_id, outcome);
  });

  router.get('/:file', async (ctx, next) => {
    const file = ctx.params.file ?? '';
    if (!FILES.has(file)) return next();
    ctx.set('Cache-Control', 'no-cache');
    if (!(await sendIfExists(ctx, file, { root: STATIC_ROOT }))) return next();
  });

  return router;
}
