import {
  sellerLoginBodySchema,
  type SellerAuthAnswer,
  type SellerSessionAnswer,
} from '@kirana/shared';
import Router, { type RouterMiddleware } from '@koa/router';
import { requireSession, signIn, signOut } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { refuseCrossSite } from '../../lib/cross-site.js';
import type { LoginThrottle } from '../../lib/rate-limit.js';
import { authenticateSeller } from './seller.service.js';

export function sellerRoutes(loginThrottle: LoginThrottle): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/seller' });

  router.post('/login', async (ctx) => {
    const body = sellerLoginBodySchema.parse(ctx.request.body);
    const seller = await loginThrottle.guard(
      ctx,
      () => authenticateSeller(ctx.em, body),
      body.email,
    );
    await signIn(ctx, 'seller', seller.id);
    ctx.body = { success: true, message: 'Logged In' } satisfies SellerSessionAnswer;
  });

  router.get('/is-auth', async (ctx) => {
    await requireSession(ctx, 'seller');
    ctx.body = { success: true } satisfies SellerAuthAnswer;
  });

  const logout: RouterMiddleware<AppState, AppContext> = async (ctx) => {
    await signOut(ctx, 'seller');
    ctx.body = { success: true, message: 'Logged Out' } satisfies SellerSessionAnswer;
  };
  // The spec's GET stays, but no link on another site may sign anyone out.
  router.get('/logout', refuseCrossSite, logout);
  router.post('/logout', logout);

  return router;
}
