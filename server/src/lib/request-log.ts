import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from './context.js';
import type { Logger } from './logger.js';

/** An agent's invite link pairs a phone while it lasts: its code never goes into the log. */
const INVITE_CODE = /([?&]code=)[^&#]*/g;

/** Logs one request: a line once `res` is sent, or its client went away. */
export type RequestLine = (
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  /** When the request came, by performance.now(). */
  started: number,
) => void;

/** At `info` in production; at `debug` in development, where they would bury everything else. */
export type RequestLogLevel = 'info' | 'debug';

/**
 * The request log's lines: id, method, URL, client, status and time. One log call a request and
 * no header dumps: on a cached answer the log was the costliest step (as pino-http did it, with a
 * child logger serializing every request and response header both ways).
 */
export function requestLines(logger: Logger, level: RequestLogLevel = 'info'): RequestLine {
  // Its lines carry no header and no body, so nothing to redact: pino's redaction of the `req`
  // and `res` keys costs more than the rest of the line.
  const lines = logger.child({}, { redact: [] });
  return (req, res, id, started) => {
    const request = {
      id,
      method: req.method,
      url: (req.url ?? '').replace(INVITE_CODE, '$1…'),
      remoteAddress: req.socket.remoteAddress,
      origin: req.headers.origin || undefined,
      userAgent: req.headers['user-agent'] || undefined,
    };
    const log = () =>
      lines[level](
        {
          req: request,
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        res.writableFinished ? 'request completed' : 'request aborted',
      );
    // Gone already (its client left while the answer was being made): said at once.
    if (res.destroyed) log();
    else res.once('close', log);
  };
}

/**
 * The request log: a line a request (requestLines) with its id, also answered as X-Request-Id;
 * and `ctx.log`, bound to that id, for what happens while answering.
 */
export function requestLog(
  logger: Logger,
  { quiet, level }: { quiet: (path: string) => boolean; level?: RequestLogLevel },
): Middleware<AppState, AppContext> {
  const line = requestLines(logger, level);
  return async (ctx, next) => {
    const started = performance.now();
    const id = randomUUID();
    ctx.set('X-Request-Id', id);
    ctx.log = logger.child({ reqId: id });
    if (!quiet(ctx.path)) line(ctx.req, ctx.res, id, started);
    await next();
  };
}
