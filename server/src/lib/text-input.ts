import type { Middleware } from 'koa';
import type { AppContext, AppState } from './context.js';
import { AppError } from './errors.js';

/** The path of the first string inside `value` holding a NUL character, which PostgreSQL text cannot store. */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found =
      findNulCharacter(key, path) ?? findNulCharacter(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/** @throws AppError invalid naming the field when `value` holds a NUL character anywhere. */
export function assertNoNulCharacter(value: unknown): void {
  const field = findNulCharacter(value);
  if (field) throw new AppError('invalid', `${field} must not contain NUL characters`);
}

/** Refuses any request body holding a NUL character with a 400, before it reaches the database. */
export function rejectNulCharacters(): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    assertNoNulCharacter(ctx.request.body);
    await next();
  };
}
