import type { Middleware } from 'koa';
import {
  ERROR_CODES,
  ERROR_STATUS,
  validationMessage,
  type ErrorCode,
  type ErrorDetails,
} from '@kirana/shared';
import { $ZodError, config } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import type { AppContext, AppState } from './context.js';

// @kirana/shared's schemas are zod/mini, which registers no locale: the few issues without a
// message of their own (e.g. a userId that is no string) get zod's English texts from here, as
// they did when classic zod registered them, whichever modules the process has loaded.
config(en());

/** The code an answer of `status` carries when no AppError made it (a body parser's, a router's). */
function codeOfStatus(status: number): ErrorCode {
  const code = ERROR_CODES.find((candidate) => ERROR_STATUS[candidate] === status);
  return code ?? (status >= 500 ? 'INTERNAL' : 'INVALID');
}

/**
 * An expected failure: its message is shown to the caller as is, with its code's HTTP status and
 * any `details` the client needs (e.g. triesLeft).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/**
 * What a connection says when its client went away mid-request: reset (ECONNRESET), gone while
 * we wrote (EPIPE), raw-body's 'request.aborted' (ECONNABORTED), a stream closed early, or the
 * connection closed before the body it promised had come (Node's parser: HPE_INVALID_EOF_STATE).
 */
const CLIENT_GONE = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'HPE_INVALID_EOF_STATE',
]);

/**
 * Whether `error` says only that the client went away (closed or reset its connection, e.g.
 * mid-upload): no fault of ours, and anyone can cause it at will, so it is never logged as an
 * error.
 */
export function isClientGone(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, type } = error as Error & { code?: unknown; type?: unknown };
  return type === 'request.aborted' || (typeof code === 'string' && CLIENT_GONE.has(code));
}

const CUT_OFF = 'Request body was cut off before its end';

/** Turns a body-parser failure (co-body / raw-body error types) into an AppError fit for the caller. */
export function bodyParseError(error: Error & { type?: string }): AppError {
  // co-body reports malformed JSON as a bare SyntaxError with no `type`.
  if (error instanceof SyntaxError)
    return new AppError('INVALID', 'Request body is not valid JSON');
  if (isClientGone(error)) return new AppError('INVALID', CUT_OFF);
  switch (error.type) {
    case 'entity.too.large':
      return new AppError('TOO_LARGE', 'Request body is too large');
    case 'entity.parse.failed':
      return new AppError('INVALID', 'Request body is not valid JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('INVALID', 'Request body encoding is not supported');
    default:
      return new AppError('INVALID', 'Request body could not be read');
  }
}

/**
 * The one error middleware, first in the chain: every failure leaves as
 * `{ success: false, message, code }`.
 * 4xx messages are shown; anything else is logged and answered with a generic 500. A client that
 * went away mid-request is a 400 and a debug line, never an error (see {@link isClientGone}).
 */
export function errorHandler(): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      // Only when its connection is gone: the same codes from a call of ours (the database, a
      // provider) are our failure.
      if (isClientGone(error) && (ctx.req.destroyed || ctx.req.socket.destroyed)) {
        ctx.log.debug({ code: (error as { code?: unknown }).code }, 'the client went away');
        ctx.status = 400;
        ctx.body = { success: false, message: CUT_OFF, code: 'INVALID' };
        return;
      }
      const { status, body } = errorAnswer(error);
      if (status >= 500) ctx.log.error({ err: error }, 'request failed');
      ctx.status = status;
      ctx.body = body;
    }
  };
}

/** An error answer's body (@kirana/shared errorAnswerSchema, with its code always there). */
export interface ErrorBody extends ErrorDetails {
  success: false;
  message: string;
  code: ErrorCode;
}

/** How `error` is answered: its status and `{ success: false, message, code }`. */
export function errorAnswer(error: unknown): { status: number; body: ErrorBody } {
  const { status, message } = classify(error);
  if (error instanceof AppError)
    return { status, body: { success: false, message, code: error.code, ...error.details } };
  return { status, body: { success: false, message, code: codeOfStatus(status) } };
}

function classify(error: unknown): { status: number; message: string } {
  if (error instanceof AppError) return { status: error.status, message: error.message };
  if (error instanceof $ZodError) return { status: 400, message: validationMessage(error) };
  // http-errors from koa-body and friends: a 4xx with `expose` carries a message fit for the caller.
  if (error instanceof Error && 'status' in error && typeof error.status === 'number') {
    const status = error.status;
    const expose = 'expose' in error && error.expose === true;
    if (status >= 400 && status < 500)
      return { status, message: expose ? error.message : 'Bad request' };
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}
