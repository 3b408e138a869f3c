import { randomUUID } from 'node:crypto';
import { SESSION_KINDS, type SessionKind } from './session-kinds.js';
import type { DomainEvent } from './domain-events.js';
import type { Logger } from './logger.js';
import { connectRedis, REDIS_KEY_PREFIX } from './redis.js';

/**
 * What every instance's in-memory caches must forget. Only this crosses instances here: socket
 * events reach the other instances' sockets through Socket.IO's Redis adapter already.
 */
export type CacheInvalidation =
  /**
   * A product or a category changed: the catalogue snapshots are stale; or the shop's settings
   * did, which its rendered pages show (its name, its promise).
   */
  | { type: 'catalogue' }
  /** The shop's settings changed: what places an order reads of them is stale. */
  | { type: 'shop' }
  /** One session ended (a logout). */
  | { type: 'session'; tokenHash: string }
  /** Every session of one account was revoked (a removed agent, a re-paired phone). */
  | { type: 'sessions'; kind: SessionKind; subjectId: string }
  /** Anything may have changed unheard, e.g. while the connection to Redis was down. */
  | { type: 'everything' };

export type InvalidationListener = (invalidation: CacheInvalidation) => void;

/** What a domain event makes the caches forget: nothing, for most. */
export function invalidationsOf(event: DomainEvent): CacheInvalidation[] {
  switch (event.type) {
    case 'product.changed':
    case 'catalogue.changed':
    case 'category.changed':
      return [{ type: 'catalogue' }];
    case 'shop.changed':
      return [{ type: 'catalogue' }, { type: 'shop' }];
    case 'session.ended':
      return [{ type: 'session', tokenHash: event.tokenHash }];
    case 'sessions.revoked':
      return [{ type: 'sessions', kind: event.kind, subjectId: event.subjectId }];
    default:
      return [];
  }
}

/** With the instance's id, the name of the subscriber's connection in Redis's CLIENT LIST. */
export const SUBSCRIBER_NAME = 'kirana-cache-invalidations';

interface Transport {
  send(invalidation: CacheInvalidation): void;
  /** Whether the other instances' invalidations are being received right now. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * The channel that tells every instance's caches what to forget: applied on this instance before
 * `publish` returns, and with Redis (`overRedis`) sent to the others by pub/sub. Without Redis it
 * is this instance's alone, which is all a single instance needs.
 */
export class CacheInvalidations {
  /** This instance's, naming its subscriber's connection in Redis: `${SUBSCRIBER_NAME}-${id}`. */
  readonly id = randomUUID();
  private readonly listeners = new Set<InvalidationListener>();
  private transport: Transport | undefined;

  /**
   * The channel over Redis at `url`, on `${keyPrefix}cache-invalidations`. While its connection is
   * down, caches keep nothing new (`heard` is false), and when it drops and when it is back,
   * everything is forgotten: invalidations sent meanwhile were lost.
   * @throws RedisUnreachableError when Redis cannot be reached at start.
   */
  static async overRedis(
    url: string,
    logger: Logger,
    keyPrefix = REDIS_KEY_PREFIX,
  ): Promise<CacheInvalidations> {
    const channel = `${keyPrefix}cache-invalidations`;
    const invalidations = new CacheInvalidations();
    const self = invalidations.id;
    // Publishes wait out an outage: they reach the others once the connection is back.
    const publisher = await connectRedis(url, logger, { queueWhileDown: true });
    let subscriber;
    try {
      subscriber = await connectRedis(url, logger, {
        queueWhileDown: true,
        name: `${SUBSCRIBER_NAME}-${self}`,
      });
      await subscriber.subscribe(channel, (message) => {
        const received = parseMessage(message);
        // Our own were applied when published.
        if (received?.from === self) return;
        invalidations.apply(received?.invalidation ?? { type: 'everything' });
      });
    } catch (error) {
      await Promise.allSettled([publisher.close(), subscriber?.close()]);
      throw error;
    }
    const forgetEverything = () => invalidations.apply({ type: 'everything' });
    // 'ready' again after a reconnection (the subscription is renewed before it).
    subscriber.on('reconnecting', forgetEverything).on('ready', forgetEverything);
    invalidations.transport = {
      send(invalidation) {
        publisher
          .publish(channel, JSON.stringify({ from: self, invalidation }))
          .catch((error: unknown) =>
            logger.warn(
              { err: error },
              'could not send a cache invalidation to the other instances',
            ),
          );
      },
      listening: () => subscriber.isReady,
      async close() {
        await Promise.allSettled([subscriber.close(), publisher.close()]);
      },
    };
    return invalidations;
  }

  /**
   * Whether a cache may keep what it reads: true unless the other instances' invalidations cannot
   * be heard at the moment.
   */
  get heard(): boolean {
    return this.transport?.listening() ?? true;
  }

  /** Applies `invalidation` to this instance's caches at once, then tells the other instances. */
  publish(invalidation: CacheInvalidation): void {
    this.apply(invalidation);
    this.transport?.send(invalidation);
  }

  /** Returns the function that unsubscribes. */
  subscribe(listener: InvalidationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.transport?.close();
  }

  private apply(invalidation: CacheInvalidation): void {
    for (const listener of this.listeners) listener(invalidation);
  }
}

/**
 * A message on the channel; null when it cannot be read. An invalidation of a kind this version
 * does not know (sent by a newer one) comes back undefined. Either way: forget everything.
 */
function parseMessage(
  message: string,
): { from: unknown; invalidation: CacheInvalidation | undefined } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { from, invalidation } = parsed as { from?: unknown; invalidation?: unknown };
  return { from, invalidation: asInvalidation(invalidation) };
}

function asInvalidation(value: unknown): CacheInvalidation | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  switch (fields.type) {
    case 'catalogue':
    case 'shop':
    case 'everything':
      return { type: fields.type };
    case 'session':
      return typeof fields.tokenHash === 'string'
        ? { type: 'session', tokenHash: fields.tokenHash }
        : undefined;
    case 'sessions':
      return SESSION_KINDS.includes(fields.kind as SessionKind) &&
        typeof fields.subjectId === 'string'
        ? { type: 'sessions', kind: fields.kind as SessionKind, subjectId: fields.subjectId }
        : undefined;
    default:
      return undefined;
  }
}
