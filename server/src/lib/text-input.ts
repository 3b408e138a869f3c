import type { Middleware } from 'koa';
import type { AppContext, AppState } from './context.js';
import { AppError } from './errors.js';

/** No request of ours nests deeper than a few levels; anything beyond is refused unread. */
export const MAX_BODY_DEPTH = 32;
/** Strings, numbers, keys…: far above any real request, far below what a 100 kB body can hold. */
export const MAX_BODY_VALUES = 10_000;

/** What {@link inspectBody} found wrong first, if anything. */
export type BodyProblem =
  { kind: 'nul'; path: string } | { kind: 'tooDeep' } | { kind: 'tooManyValues' };

/**
 * Walks `value` without recursion (its depth is the sender's choice): the first string or key
 * holding a NUL character, which PostgreSQL text cannot store, or a body nested deeper than
 * {@link MAX_BODY_DEPTH} or holding more than {@link MAX_BODY_VALUES} values.
 */
export function inspectBody(value: unknown): BodyProblem | null {
  // Depth-first in document order: children are pushed last-first.
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  let values = 1;
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return { kind: 'nul', path: item.path || 'body' };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_BODY_DEPTH) return { kind: 'tooDeep' };
    const entries = Object.entries(item.value);
    if ((values += entries.length) > MAX_BODY_VALUES) return { kind: 'tooManyValues' };
    for (const [key, child] of entries.reverse()) {
      const path = item.path ? `${item.path}.${key}` : key;
      stack.push({ value: child, path, depth: item.depth + 1 });
      // A key is checked before its value; it is named by its parent's path.
      if (key.includes('\u0000')) stack.push({ value: key, path: item.path, depth: item.depth });
    }
  }
  return null;
}

/**
 * @throws AppError INVALID naming the field when `value` holds a NUL character anywhere, or
 * saying so when it is nested too deeply or holds too many values.
 */
export function assertSafeInput(value: unknown): void {
  const problem = inspectBody(value);
  switch (problem?.kind) {
    case undefined:
      return;
    case 'nul':
      throw new AppError('INVALID', `${problem.path} must not contain NUL characters`);
    case 'tooDeep':
      throw new AppError(
        'INVALID',
        `Request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`,
      );
    case 'tooManyValues':
      throw new AppError(
        'INVALID',
        `Request body holds too many values (at most ${MAX_BODY_VALUES})`,
      );
  }
}

/**
 * Refuses, with a 400 and before it reaches a route or the database, a query string holding a
 * NUL character, a call to the API with a parameter given twice (no route of ours takes a list
 * that way; a page's shared link may carry one), and any request body holding a NUL character
 * or nested or sized beyond what a request of ours can be.
 */
export function rejectUnsafeInput(): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/'))
      for (const [name, value] of Object.entries(ctx.query))
        if (Array.isArray(value)) throw new AppError('INVALID', `${name} must be given once`);
    assertSafeInput(ctx.query);
    assertSafeInput(ctx.request.body);
    await next();
  };
}
