import {
  loginBodySchema,
  registerBodySchema,
  type UserAuthAnswer,
  type UserLoginAnswer,
  type UserLogoutAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import { requireSession, signIn, signOut } from '../../lib/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import type { LoginThrottle } from '../../lib/rate-limit.js';
import { presentUser } from './user.presenter.js';
import { authenticateUser, getUser, registerUser } from './user.service.js';

export function userRoutes(loginThrottle: LoginThrottle): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/user' });

  router.post('/register', async (ctx) => {
    const user = await registerUser(ctx.em, registerBodySchema.parse(ctx.request.body));
    await signIn(ctx, 'user', user.id);
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: 'Account created',
      user: presentUser(user),
    } satisfies UserLoginAnswer;
  });

  router.post('/login', async (ctx) => {
    const body = loginBodySchema.parse(ctx.request.body);
    const user = await loginThrottle.guard(ctx, () => authenticateUser(ctx.em, body));
    await signIn(ctx, 'user', user.id);
    ctx.body = {
      success: true,
      message: 'Logged In',
      user: presentUser(user),
    } satisfies UserLoginAnswer;
  });

  router.get('/logout', async (ctx) => {
    await signOut(ctx, 'user');
    ctx.body = { success: true, message: 'Logged Out' } satisfies UserLogoutAnswer;
  });

  router.get('/is-auth', async (ctx) => {
    const user = await getUser(ctx.em, await requireSession(ctx, 'user'));
    ctx.body = { success: true, user: presentUser(user) } satisfies UserAuthAnswer;
  });

  return router;
}
