import { describe, expect, test } from 'vitest';
import { requireShardedPubSub } from './realtime.server.js';

/** A Redis client as far as the version check reads it: INFO's server section. */
const redisAt = (version: string) => ({
  info: () => Promise.resolve(`# Server\r\nredis_version:${version}\r\nredis_mode:standalone\r\n`),
});

describe('the Redis the live updates share between instances', () => {
  test('Redis 7 and newer have the sharded pub/sub the adapter publishes with', async () => {
    await expect(requireShardedPubSub(redisAt('7.0.15'))).resolves.toBeUndefined();
    await expect(requireShardedPubSub(redisAt('8.2.1'))).resolves.toBeUndefined();
  });

  test('an older Redis stops start-up with a message naming its version', async () => {
    await expect(requireShardedPubSub(redisAt('6.2.14'))).rejects.toThrow(
      /need Redis 7 or newer \(sharded pub\/sub\); this one is 6\.2\.14/,
    );
  });
});
