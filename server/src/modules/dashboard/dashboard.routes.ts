import { dashboardQuerySchema, type DashboardAnswer } from '@kirana/shared';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { requireSession } from '../session/auth.js';
import { presentDashboard } from './dashboard.presenter.js';
import { readDashboard } from './dashboard.service.js';

/** The seller's dashboard (docs/promise.md#dashboard): how the shop did over some days. */
export function dashboardRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/dashboard' });

  // Today's figures move with every order: never from a cache.
  router.get('/', async (ctx) => {
    await requireSession(ctx, 'seller');
    const query = dashboardQuerySchema.parse(ctx.query);
    const { days, figures, khata } = await readDashboard(ctx.em, query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      success: true,
      dashboard: presentDashboard(days, figures, khata),
    } satisfies DashboardAnswer;
  });

  return router;
}
