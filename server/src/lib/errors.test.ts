import { cartUpdateBodySchema } from '@kirana/shared';
import Koa from 'koa';
import { pino } from 'pino';
import supertest from 'supertest';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { AppContext, AppState } from './context.js';
import { AppError, errorHandler } from './errors.js';

function appThrowing(error: unknown) {
  const app = new Koa<AppState, AppContext>();
  const logged: unknown[] = [];
  app.use(async (ctx, next) => {
    ctx.log = pino(
      { level: 'error' },
      { write: (line: string) => void logged.push(JSON.parse(line)) },
    );
    await next();
  });
  app.use(errorHandler());
  app.use(() => {
    throw error;
  });
  return { http: supertest(app.callback()), logged };
}

describe('errorHandler', () => {
  test.each([
    ['invalid', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['notFound', 404],
    ['conflict', 409],
    ['tooLarge', 413],
    ['tooMany', 429],
  ] as const)('an AppError %s answers %i with its message', async (code, status) => {
    const { http } = appThrowing(new AppError(code, 'Order is already taken'));
    const response = await http.get('/').expect(status);
    expect(response.body).toEqual({ success: false, message: 'Order is already taken' });
  });

  test('a zod error answers 400 naming the field', async () => {
    const schema = z.object({
      address: z.object({ zipcode: z.string({ message: 'is required' }) }),
    });
    const { http } = appThrowing(schema.safeParse({ address: {} }).error);
    const response = await http.get('/').expect(400);
    expect(response.body).toEqual({ success: false, message: 'address.zipcode is required' });
  });

  test('a failed parse of a shared (zod/mini) schema answers 400 with its message', async () => {
    const { http } = appThrowing(
      cartUpdateBodySchema.safeParse({ userId: 7, cartItems: {} }).error,
    );
    const response = await http.get('/').expect(400);
    expect(response.body).toEqual({
      success: false,
      message: 'Invalid input: expected string, received number',
    });
  });

  test('an unexpected error answers a generic 500 and is logged, its details kept from the caller', async () => {
    const { http, logged } = appThrowing(new Error('relation "orders" does not exist'));
    const response = await http.get('/').expect(500);
    expect(response.body.success).toBe(false);
    expect(response.body.message).not.toContain('orders');
    expect(logged).toHaveLength(1);
  });
});
