import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from './context.js';
import type { Logger } from './logger.js';

/** An agent's invite link pairs a phone while it lasts: its code never goes into the log. */
const INVITE_CODE = /([?&]code=)[^&#]*/g;

/**
 * The request log: one line a request once its answer is sent (or its client went away) with
 * its id — also answered as X-Request-Id — method, URL, client, status and time; and `ctx.log`,
 * bound to that id, for what happens while answering. One log call a request and no header
 * dumps: on a cached answer the log was the costliest step (as pino-http did it, with a child
 * logger serializing every request and response header both ways).
 */
export function requestLog(
  logger: Logger,
  { quiet }: { quiet: (path: string) => boolean },
): Middleware<AppState, AppContext> {
  // Its lines carry no header and no body, so nothing to redact: pino's redaction of the `req`
  // and `res` keys costs more than the rest of the line.
  const lines = logger.child({}, { redact: [] });
  return async (ctx, next) => {
    const started = performance.now();
    const id = randomUUID();
    ctx.set('X-Request-Id', id);
    ctx.log = logger.child({ reqId: id });
    if (!quiet(ctx.path)) {
      const req = {
        id,
        method: ctx.method,
        url: ctx.originalUrl.replace(INVITE_CODE, '$1…'),
        remoteAddress: ctx.req.socket.remoteAddress,
        origin: ctx.get('Origin') || undefined,
        userAgent: ctx.get('User-Agent') || undefined,
      };
      const res = ctx.res;
      res.once('close', () => {
        lines.info(
          {
            req,
            res: { statusCode: res.statusCode },
            responseTime: Math.round(performance.now() - started),
          },
          res.writableFinished ? 'request completed' : 'request aborted',
        );
      });
    }
    await next();
  };
}
