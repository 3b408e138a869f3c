import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppContext, AppState } from '../../lib/context.js';

export interface Readiness {
  /** False once shutdown begins, so a load balancer stops sending new work. */
  accepting: boolean;
}

/** `/healthz`: the process is up. `/readyz`: it can serve, i.e. the database answers. */
export function healthRoutes(orm: MikroORM, readiness: Readiness): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();

  router.get('/healthz', (ctx) => {
    ctx.body = { success: true };
  });

  router.get('/readyz', async (ctx) => {
    const database = await orm.checkConnection();
    const ready = readiness.accepting && database.ok;
    ctx.status = ready ? 200 : 503;
    ctx.body = ready
      ? { success: true }
      : {
          success: false,
          message: readiness.accepting ? 'Database unreachable' : 'Shutting down',
          code: 'UNAVAILABLE',
        };
  });

  return router;
}
