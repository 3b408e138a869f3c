import { cartUpdateBodySchema, ERROR_STATUS, type ErrorCode } from '@kirana/shared';
import Koa from 'koa';
import { pino } from 'pino';
import supertest from 'supertest';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { AppContext, AppState } from './context.js';
import { AppError, bodyParseError, errorHandler, isClientGone } from './errors.js';

function appThrowing(error: unknown, { clientLeaves = false } = {}) {
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
  app.use((ctx) => {
    if (clientLeaves) ctx.req.socket.destroy();
    throw error;
  });
  return { http: supertest(app.callback()), logged };
}

describe('errorHandler', () => {
  test.each(Object.entries(ERROR_STATUS).filter(([code]) => code !== 'INTERNAL'))(
    'an AppError %s answers %i with its message and its code',
    async (code, status) => {
      const { http } = appThrowing(new AppError(code as ErrorCode, 'Order is already taken'));
      const response = await http.get('/').expect(status);
      expect(response.body).toEqual({ success: false, message: 'Order is already taken', code });
    },
  );

  test('a zod error answers 400 naming the field', async () => {
    const schema = z.object({
      address: z.object({ zipcode: z.string({ message: 'is required' }) }),
    });
    const { http } = appThrowing(schema.safeParse({ address: {} }).error);
    const response = await http.get('/').expect(400);
    expect(response.body).toEqual({
      success: false,
      message: 'address.zipcode is required',
      code: 'INVALID',
    });
  });

  test('a failed parse of a shared (zod/mini) schema answers 400 with its message', async () => {
    const { http } = appThrowing(
      cartUpdateBodySchema.safeParse({ userId: 7, cartItems: {} }).error,
    );
    const response = await http.get('/').expect(400);
    expect(response.body).toEqual({
      success: false,
      message: 'Invalid input: expected string, received number',
      code: 'INVALID',
    });
  });

  test('an unexpected error answers a generic 500 and is logged, its details kept from the caller', async () => {
    const { http, logged } = appThrowing(new Error('relation "orders" does not exist'));
    const response = await http.get('/').expect(500);
    expect(response.body.success).toBe(false);
    expect(response.body.message).not.toContain('orders');
    expect(response.body.code).toBe('INTERNAL');
    expect(logged).toHaveLength(1);
  });
});

/** What raw-body and Node say when a client goes away mid-body. */
const clientGone = {
  'raw-body: request aborted': Object.assign(new Error('request aborted'), {
    type: 'request.aborted',
    code: 'ECONNABORTED',
    status: 400,
    expose: true,
  }),
  'a reset connection': Object.assign(new Error('aborted'), { code: 'ECONNRESET' }),
  'a connection closed before the body came': Object.assign(new Error('Parse Error'), {
    code: 'HPE_INVALID_EOF_STATE',
  }),
};

describe('a client that went away mid-request', () => {
  test.each(Object.entries(clientGone))('%s is a client gone, a 400 body error', (_case, error) => {
    expect(isClientGone(error)).toBe(true);
    expect(bodyParseError(error)).toMatchObject({
      code: 'INVALID',
      message: 'Request body was cut off before its end',
    });
  });

  test.each([
    new Error('relation "orders" does not exist'),
    new AppError('INVALID', 'Bad'),
    'ECONNRESET',
  ])('%s is not a client gone', (error) => {
    expect(isClientGone(error)).toBe(false);
  });

  test.each(Object.entries(clientGone))(
    '%s after the client left is no error in the log',
    async (_case, error) => {
      const { http, logged } = appThrowing(error, { clientLeaves: true });
      await expect(http.get('/')).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(logged).toEqual([]);
    },
  );

  test('a reset connection of ours (the database, a provider) while the client waits is still a 500', async () => {
    const { http, logged } = appThrowing(clientGone['a reset connection']);
    await http.get('/').expect(500);
    expect(logged).toHaveLength(1);
  });
});
