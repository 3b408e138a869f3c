import type { ParameterizedContext } from 'koa';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext, AppState } from './context.js';
import { AppError } from './errors.js';
import type { RedisClient } from './redis.js';

type Ctx = ParameterizedContext<AppState, AppContext>;

/**
 * Limits failed sign-ins per client address: after `failures` within `windowSeconds` every
 * attempt is refused until the window passes. Each attempt takes a point before it runs (so
 * parallel guesses are capped too) and a success or a malformed request gives it back: a whole
 * delivery team may sign in from the shop's one address. With Redis the counters are shared by
 * every server instance (kept in memory while Redis is unreachable); without, they are in memory.
 */
export class LoginThrottle {
  private readonly limiter: RateLimiterMemory | RateLimiterRedis;

  constructor(
    options: { name: string; redis?: RedisClient | undefined; keyPrefix?: string },
    failures = 10,
    windowSeconds = 15 * 60,
  ) {
    const limits = { points: failures, duration: windowSeconds };
    const memory = new RateLimiterMemory(limits);
    this.limiter = options.redis
      ? new RateLimiterRedis({
          ...limits,
          storeClient: options.redis,
          useRedisPackage: true,
          keyPrefix: `${options.keyPrefix ?? 'kirana:'}login:${options.name}`,
          insuranceLimiter: memory,
        })
      : memory;
  }

  /**
   * Runs the sign-in `attempt`; it counts against the address only when refused as unauthenticated.
   * @throws AppError tooMany (429, with Retry-After) while the address is locked out.
   */
  async guard<T>(ctx: Ctx, attempt: () => Promise<T>): Promise<T> {
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
    try {
      const result = await attempt();
      await this.limiter.reward(ctx.ip, 1);
      return result;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'unauthenticated')) {
        await this.limiter.reward(ctx.ip, 1);
      }
      throw error;
    }
  }
}
