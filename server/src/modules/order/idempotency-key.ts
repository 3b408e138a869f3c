import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@kirana/shared';
import type { ParameterizedContext } from 'koa';
import type { AppContext, AppState } from '../../lib/context.js';

/**
 * The request's `Idempotency-Key`, or undefined when it sent none.
 * @throws ZodError (a 400) for an empty or malformed key.
 */
export function idempotencyKeyOf(
  ctx: ParameterizedContext<AppState, AppContext>,
): string | undefined {
  const value = ctx.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  return value === undefined ? undefined : idempotencyKeySchema.parse(value);
}
