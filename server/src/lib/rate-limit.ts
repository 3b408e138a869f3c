import type { ParameterizedContext } from 'koa';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AppContext, AppState } from './context.js';
import { AppError } from './errors.js';

type Ctx = ParameterizedContext<AppState, AppContext>;

/**
 * Limits failed sign-ins per client address: after `failures` within `windowSeconds` every
 * attempt is refused until the window passes. Successes never count (a whole delivery team may
 * sign in from the shop's one address) and clear the count. Counters live in memory, per instance.
 */
export class LoginThrottle {
  private readonly limiter: RateLimiterMemory;

  constructor(
    private readonly failures = 10,
    windowSeconds = 15 * 60,
  ) {
    this.limiter = new RateLimiterMemory({ points: failures, duration: windowSeconds });
  }

  /**
   * Runs the sign-in `attempt`, counting it when it is refused as unauthenticated.
   * @throws AppError tooMany (429, with Retry-After) while the address is locked out.
   */
  async guard<T>(ctx: Ctx, attempt: () => Promise<T>): Promise<T> {
    const used = await this.limiter.get(ctx.ip);
    if (used && used.consumedPoints >= this.failures) {
      const seconds = Math.ceil(used.msBeforeNext / 1000);
      ctx.set('Retry-After', String(seconds));
      throw new AppError(
        'tooMany',
        `Too many login attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
      );
    }
    try {
      const result = await attempt();
      await this.limiter.delete(ctx.ip);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthenticated') {
        await this.limiter.penalty(ctx.ip, 1);
      }
      throw error;
    }
  }
}
