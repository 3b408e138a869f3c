import { pino, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';

export type { Logger };

export interface LoggerOptions {
  /**
   * Lines a person reads (a terminal): the time, the level and the message, a request in one
   * short line. Otherwise JSON lines, one an event, for whatever collects the log.
   */
  readable?: boolean;
}

/** A request's line as the request log writes it (request-log.ts). */
interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** `GET /api/product/list 200 3 ms`, for a request's line; the message itself for any other. */
function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as RequestLine;
  const message = String(log[messageKey] ?? '');
  if (!req || !res) return message;
  const aborted = message === 'request aborted' ? ' (the client went away)' : '';
  return `${req.method} ${req.url} ${res.statusCode} ${responseTime} ms${aborted}`;
}

export function createLogger(level: string, { readable = false }: LoggerOptions = {}): Logger {
  const options = {
    level,
    base: { service: 'kirana' },
    redact: ['req.headers.cookie', 'res.headers["set-cookie"]', 'req.headers.authorization'],
  };
  // JSON lines go out asynchronously (pino's asynchronous logging): a line written
  // synchronously cost each request a blocking write to stdout, 7 % of the thread's time placing
  // orders (bench/orders.mjs). Lines that wait for a write in flight go in the next one; pino
  // flushes what is left synchronously when the process exits, a crash included.
  if (!readable) return pino(options, pino.destination({ sync: false }));
  return pino(
    options,
    PinoPretty({
      translateTime: 'SYS:HH:MM:ss',
      // What a request's line says is in its message; the rest is for the JSON log.
      ignore: 'pid,hostname,service,req,res,responseTime,reqId',
      messageFormat: readableMessage,
      // Anything else a line carries (a count, a provider) beside its message.
      singleLine: true,
      sync: true,
    }),
  );
}
