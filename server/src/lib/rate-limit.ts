import type { ParameterizedContext } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext, AppState } from './context.js';
import { AppError } from './errors.js';

type Ctx = ParameterizedContext<AppState, AppContext>;

/**
 * Limits sign-in attempts per client address: `attempts` within `windowSeconds`; a success
 * clears the count. Counters live in memory, per server instance.
 */
export class LoginThrottle {
  private readonly limiter: RateLimiterMemory;

  constructor(attempts = 10, windowSeconds = 15 * 60) {
    this.limiter = new RateLimiterMemory({ points: attempts, duration: windowSeconds });
  }

  /** @throws AppError tooMany (429, with Retry-After) once the attempts are used up. */
  async attempt(ctx: Ctx): Promise<void> {
    try {
      await this.limiter.consume(ctx.ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.ceil(error.msBeforeNext / 1000);
      ctx.set('Retry-After', String(seconds));
      throw new AppError(
        'tooMany',
        `Too many login attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
      );
    }
  }

  async succeeded(ctx: Ctx): Promise<void> {
    await this.limiter.delete(ctx.ip);
  }
}
