import { describe, expect, test } from 'vitest';
import { CacheInvalidations } from './cache-invalidations.js';
import { CachedRead } from './cached-read.js';

/** A CachedRead of the shop's settings over a counter of reads, each answering its number. */
function counted(invalidations = new CacheInvalidations()) {
  let reads = 0;
  const read = new CachedRead(
    invalidations,
    (invalidation) => invalidation.type === 'shop',
    async () => (reads += 1),
  );
  return { read, invalidations, reads: () => reads };
}

describe('a value kept between its changes', () => {
  test('is read once, however many ask, and then while it is read', async () => {
    const { read, reads } = counted();
    expect(await Promise.all([read.get(), read.get()])).toEqual([1, 1]);
    expect(await read.get()).toBe(1);
    expect(reads()).toBe(1);
  });

  test('is read anew after its own invalidation or `everything`, not after another', async () => {
    const { read, invalidations } = counted();
    expect(await read.get()).toBe(1);
    invalidations.publish({ type: 'catalogue' });
    invalidations.publish({ type: 'session', tokenHash: 'h' });
    expect(await read.get()).toBe(1);
    invalidations.publish({ type: 'shop' });
    expect(await read.get()).toBe(2);
    invalidations.publish({ type: 'everything' });
    expect(await read.get()).toBe(3);
  });

  test('a read that failed is not kept: the next asks again', async () => {
    let fail = true;
    const read = new CachedRead(
      new CacheInvalidations(),
      () => false,
      async () => {
        if (fail) throw new Error('the database went away');
        return 'settings';
      },
    );
    await expect(read.get()).rejects.toThrow('the database went away');
    fail = false;
    expect(await read.get()).toBe('settings');
  });

  test('while the other instances cannot be heard, every request reads anew', async () => {
    const deaf = Object.defineProperty(new CacheInvalidations(), 'heard', { value: false });
    const { read, reads } = counted(deaf);
    await read.get();
    await read.get();
    expect(reads()).toBe(2);
  });
});
