import ipaddr from 'ipaddr.js';
import type { Middleware, ParameterizedContext } from 'koa';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type IRateLimiterOptions,
} from 'rate-limiter-flexible';
import type { AppContext, AppState } from './context.js';
import { AppError } from './errors.js';
import { KnownBrowsers } from './known-browsers.js';
import type { Logger } from './logger.js';
import { REDIS_KEY_PREFIX, type RedisClient } from './redis.js';

type Ctx = ParameterizedContext<AppState, AppContext>;
type Limiter = RateLimiterMemory | RateLimiterRedis;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Where the counters live: shared through Redis by every instance when it is set. */
export interface LimitStore {
  /** Names the counters, e.g. 'seller' for the seller's sign-in. */
  name: string;
  redis?: RedisClient | undefined;
  keyPrefix?: string | undefined;
}

/**
 * The sign-in limits of rate-limiter-flexible's login-protection recipe: consecutive failures
 * per account and address (a success clears them), a slower limit per account across
 * addresses (a botnet guessing one password), and a daily limit per address (one address
 * guessing many accounts). An address's failures on one account never lock another account. A
 * browser known to the account counts on limits of its own instead ({@link LoginThrottle.guard}).
 */
export const LOGIN_LIMITS: LoginLimits = {
  consecutivePerAccountAndAddress: { points: 10, duration: DAY, blockDuration: HOUR },
  perAccount: { points: 20, duration: HOUR, blockDuration: HOUR },
  perAddressPerDay: { points: 100, duration: DAY, blockDuration: DAY },
};

/**
 * Sign-ups per address in an hour (SIGN_UPS_PER_HOUR sets the number): one address cannot mint
 * accounts by the hundred, while a neighbourhood behind one carrier NAT still signs up.
 */
export const SIGN_UP_LIMIT: LimitOptions = { points: 20, duration: HOUR, blockDuration: HOUR };

/**
 * Searches by text per address in a minute: many times what a shopper typing with suggestions
 * as they type asks, while a flood of random texts, each a typo match in the database, is held.
 */
export const SEARCH_LIMIT: LimitOptions = { points: 300, duration: MINUTE };

export type LimitOptions = Pick<IRateLimiterOptions, 'points' | 'duration' | 'blockDuration'>;
export interface LoginLimits {
  consecutivePerAccountAndAddress: LimitOptions;
  perAccount: LimitOptions;
  perAddressPerDay: LimitOptions;
}
export interface Limits {
  login: LoginLimits;
  signUp: LimitOptions;
  search: LimitOptions;
}

/** A counter in Redis (kept in memory while Redis is unreachable), or in memory without Redis. */
function limiter(store: LimitStore, counter: string, options: LimitOptions): Limiter {
  const memory = new RateLimiterMemory(options);
  if (!store.redis) return memory;
  return new RateLimiterRedis({
    ...options,
    storeClient: store.redis,
    useRedisPackage: true,
    keyPrefix: `${store.keyPrefix ?? REDIS_KEY_PREFIX}limit:${store.name}:${counter}`,
    insuranceLimiter: memory,
  });
}

/**
 * Takes a point from each `[limiter, key]` before an attempt runs, so that parallel attempts are
 * capped too; when any refuses, the points taken are given back.
 * @throws AppError TOO_MANY_REQUESTS (429, with Retry-After) saying `what` is refused and for how long.
 */
async function consumeAll(ctx: Ctx, counters: [Limiter, string][], what: string): Promise<void> {
  const results = await Promise.allSettled(counters.map(([each, key]) => each.consume(key)));
  const refusals = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (refusals.length === 0) return;
  await Promise.all(
    counters.map(([each, key], index) =>
      results[index]?.status === 'fulfilled' ? each.reward(key, 1) : undefined,
    ),
  );
  const unexpected = refusals.find((reason) => !(reason instanceof RateLimiterRes));
  if (unexpected) throw unexpected;
  const waitMs = Math.max(...refusals.map((reason) => (reason as RateLimiterRes).msBeforeNext));
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  ctx.set('Retry-After', String(seconds));
  throw new AppError('TOO_MANY_REQUESTS', `${what} Try again in ${waitText(seconds)}.`);
}

function waitText(seconds: number): string {
  if (seconds < 2 * HOUR) return `${Math.ceil(seconds / MINUTE)} minute(s)`;
  return `${Math.ceil(seconds / HOUR)} hour(s)`;
}

/**
 * This machine: a proxy on it that does not forward addresses (TRUST_PROXY unset) speaks for
 * every client from here, and so do the benches.
 */
export const isThisMachine = (address: string) =>
  address === '::1' || /^(::ffff:)?127\./.test(address);

/**
 * For an app that does not trust X-Forwarded-For (TRUST_PROXY unset): warns once, at the first
 * request from this machine that carries that header, that a proxy here passes every client off
 * as this machine, which the limits spare ({@link isThisMachine}).
 */
export function warnOfUntrustedProxy(logger: Logger): Middleware<AppState, AppContext> {
  let warned = false;
  return async (ctx, next) => {
    if (!warned && ctx.get('X-Forwarded-For') && isThisMachine(ctx.ip)) {
      warned = true;
      logger.warn(
        'a proxy on this machine forwards requests (X-Forwarded-For) while TRUST_PROXY is unset: every client counts as this machine, which the search and socket limits spare; set TRUST_PROXY=true',
      );
    }
    await next();
  };
}

/**
 * The client address the limits count: an IPv6 address by its /64, the block one home or phone
 * connection is given (it holds countless addresses); an IPv4 address as it is.
 */
export function limitedAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** A refusal that says nothing about the credentials (bad input, a server fault) costs nothing. */
const isRefusedSignIn = (error: unknown) =>
  error instanceof AppError && (error.status === 401 || error.status === 403);

/** Limits failed sign-ins of one kind (shopper, seller, agent, device pairing); see {@link LOGIN_LIMITS}. */
export class LoginThrottle {
  private readonly consecutive: Limiter;
  private readonly perAccount: Limiter;
  private readonly perAddress: Limiter;
  /** A known browser's attempts at the accounts it knows, in place of the account's and address's. */
  private readonly perBrowser: Limiter;
  /** Browsers that signed in successfully, by the cookie they keep. */
  private readonly browsers: KnownBrowsers;

  constructor(store: LimitStore, limits = LOGIN_LIMITS) {
    this.consecutive = limiter(store, 'consecutive', limits.consecutivePerAccountAndAddress);
    this.perAccount = limiter(store, 'account', limits.perAccount);
    this.perAddress = limiter(store, 'address', limits.perAddressPerDay);
    this.perBrowser = limiter(store, 'browser', limits.perAccount);
    this.browsers = new KnownBrowsers(store.name);
  }

  /**
   * Runs the sign-in `attempt` for `account` (an email or phone as typed, compared without case;
   * absent where there is none, e.g. an invite code). A refusal (401/403) counts as a failure;
   * a success clears the consecutive failures of this account from this address (or this known
   * browser) and makes the browser known to the account (a cookie it keeps, see
   * {@link KnownBrowsers}). A known browser's attempts count against limits of its own in place
   * of the address's and the account's: consecutive failures per account and browser, and an
   * allowance as large as the account's. So a stolen cookie guesses no more than anyone, while
   * guesses at the account from elsewhere, or from the owner's own address (a carrier's, shared
   * by many phones), which may lock it for new browsers, never lock its owner out of the
   * browsers they use, whatever their address and across restarts.
   * @throws AppError TOO_MANY_REQUESTS (429, with Retry-After) while a limit is reached.
   */
  async guard<T>(ctx: Ctx, attempt: () => Promise<T>, account?: string): Promise<T> {
    const accountKey = account?.trim().toLowerCase();
    const browser = accountKey ? this.browsers.knownTo(ctx, accountKey) : undefined;
    const address = limitedAddress(ctx.ip);
    const pairKey = browser ? `${accountKey}|browser:${browser}` : `${accountKey ?? ''}|${address}`;
    const counters: [Limiter, string][] = [[this.consecutive, pairKey]];
    if (browser) counters.push([this.perBrowser, browser]);
    else {
      counters.push([this.perAddress, address]);
      if (accountKey) counters.push([this.perAccount, accountKey]);
    }
    await consumeAll(ctx, counters, 'Too many login attempts.');
    try {
      const result = await attempt();
      await Promise.all([
        this.consecutive.delete(pairKey),
        ...counters.slice(1).map(([each, key]) => each.reward(key, 1)),
      ]);
      if (accountKey) this.browsers.remember(ctx, accountKey);
      return result;
    } catch (error) {
      if (!isRefusedSignIn(error))
        await Promise.all(counters.map(([each, key]) => each.reward(key, 1)));
      throw error;
    }
  }
}

/**
 * Limits how often one address may do something costly that succeeds, such as signing up or
 * searching by text.
 */
export class AddressLimit {
  private readonly perAddress: Limiter;

  /** @param options.sparesThisMachine counts no request from this machine ({@link isThisMachine}). */
  constructor(
    store: LimitStore,
    private readonly refusal: string,
    limits: LimitOptions = SIGN_UP_LIMIT,
    private readonly options: { sparesThisMachine?: boolean } = {},
  ) {
    this.perAddress = limiter(store, 'address', limits);
  }

  /**
   * Runs `attempt`, counting it against the address unless it is refused as bad input (400).
   * @throws AppError TOO_MANY_REQUESTS (429, with Retry-After) once the address has used its allowance.
   */
  async guard<T>(ctx: Ctx, attempt: () => Promise<T>): Promise<T> {
    if (this.options.sparesThisMachine && isThisMachine(ctx.ip)) return attempt();
    const address = limitedAddress(ctx.ip);
    await consumeAll(ctx, [[this.perAddress, address]], this.refusal);
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof AppError && error.status === 400)
        await this.perAddress.reward(address, 1);
      throw error;
    }
  }
}
