import { myKhataQuerySchema, type MyKhataAnswer } from '@kirana/shared';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { requireSession } from '../session/auth.js';
import { readMyKhata } from './khata-mine.service.js';

/**
 * `GET /api/khata/mine?before=` (a shopper): their own khata, if the shop keeps one for them.
 * Paying it online is the payment module's (payment/khata-pay.routes.ts).
 */
export function khataMineRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/khata/mine' });

  router.get('/', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const { before } = myKhataQuerySchema.parse(ctx.query);
    const khata = await readMyKhata(ctx.em, userId, before);
    ctx.body = { success: true, khata } satisfies MyKhataAnswer;
  });

  return router;
}
