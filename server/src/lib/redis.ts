import { createClient } from 'redis';
import { redact } from './redact.js';
import type { Logger } from './logger.js';

export type RedisClient = ReturnType<typeof createClient>;

/** Begins every key and channel of a shop's in Redis unless REDIS_KEY_PREFIX says otherwise. */
export const REDIS_KEY_PREFIX = 'kirana:';

export class RedisUnreachableError extends Error {
  override name = 'RedisUnreachableError';
}

/**
 * A connected Redis client. Start-up fails when Redis cannot be reached at all; once running it
 * rides out an outage, reconnecting with backoff. Meanwhile its commands wait for the
 * connection to come back (`queueWhileDown`, e.g. the live updates' publishes) or fail at once
 * so that the caller falls back (the login throttles). `name` shows in Redis's CLIENT LIST.
 * @throws RedisUnreachableError when the first connection fails.
 */
export async function connectRedis(
  url: string,
  logger: Logger,
  { queueWhileDown, name }: { queueWhileDown: boolean; name?: string },
): Promise<RedisClient> {
  let started = false;
  const client: RedisClient = createClient({
    url,
    ...(name && { name }),
    disableOfflineQueue: !queueWhileDown,
    socket: {
      reconnectStrategy: (retries, cause) => (started ? Math.min(retries * 200, 5000) : cause),
    },
  });
  client.on('error', (error: unknown) => {
    if (started) logger.warn({ err: error }, 'redis connection problem');
  });
  try {
    await client.connect();
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw new RedisUnreachableError(
      `Cannot connect to Redis at REDIS_URL ${redact(url)}: ${(error as Error).message}`,
    );
  }
  started = true;
  return client;
}
