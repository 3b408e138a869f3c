import {
  loginBodySchema,
  registerBodySchema,
  type UserAuthAnswer,
  type UserLoginAnswer,
  type UserLogoutAnswer,
} from '@kirana/shared';
import Router, { type RouterMiddleware } from '@koa/router';
import { requireSession, signIn, signOut } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { refuseCrossSite } from '../../lib/cross-site.js';
import type { AddressLimit, LoginThrottle } from '../../lib/rate-limit.js';
import { presentUser } from './user.presenter.js';
import { authenticateUser, getUser, registerUser } from './user.service.js';

export function userRoutes(
  loginThrottle: LoginThrottle,
  signUpLimit: AddressLimit,
): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/user' });

  router.post('/register', async (ctx) => {
    const body = registerBodySchema.parse(ctx.request.body);
    const user = await signUpLimit.guard(ctx, () => registerUser(ctx.em, body));
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
    const user = await loginThrottle.guard(ctx, () => authenticateUser(ctx.em, body), body.email);
    await signIn(ctx, 'user', user.id);
    ctx.body = {
      success: true,
      message: 'Logged In',
      user: presentUser(user),
    } satisfies UserLoginAnswer;
  });

  const logout: RouterMiddleware<AppState, AppContext> = async (ctx) => {
    await signOut(ctx, 'user');
    ctx.body = { success: true, message: 'Logged Out' } satisfies UserLogoutAnswer;
  };
  // The spec's GET stays, but no link on another site may sign anyone out.
  router.get('/logout', refuseCrossSite, logout);
  router.post('/logout', logout);

  router.get('/is-auth', async (ctx) => {
    const user = await getUser(ctx.em, await requireSession(ctx, 'user'));
    ctx.body = { success: true, user: presentUser(user) } satisfies UserAuthAnswer;
  });

  return router;
}
