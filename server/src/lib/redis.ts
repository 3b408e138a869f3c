import { createClient } from 'redis';
import { redact } from '../db/orm.js';
import type { Logger } from './logger.js';

export type RedisClient = ReturnType<typeof createClient>;

export class RedisUnreachableError extends Error {
  override name = 'RedisUnreachableError';
}

/**
 * A connected Redis client. Start-up fails when Redis cannot be reached at all; once running it
 * rides out an outage, reconnecting with backoff, and fails commands at once meanwhile (no
 * offline queue) so that callers fall back instead of waiting.
 * @throws RedisUnreachableError when the first connection fails.
 */
export async function connectRedis(url: string, logger: Logger): Promise<RedisClient> {
  let started = false;
  const client: RedisClient = createClient({
    url,
    disableOfflineQueue: true,
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
