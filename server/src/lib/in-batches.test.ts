import { describe, expect, test } from 'vitest';
import { inBatches, readInBatches } from './in-batches.js';

/** A handler that records its batches and finishes each only when the test says so. */
function heldHandler() {
  const batches: number[][] = [];
  const finishers: ((error?: Error) => void)[] = [];
  const handle = (batch: number[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(batch);
      finishers.push((error) => (error ? reject(error) : resolve()));
    });
  const finish = (index: number, error?: Error) => finishers[index]!(error);
  return { batches, handle, finish };
}

const settled = async (promise: Promise<void>) =>
  Promise.race([
    promise.then(
      () => 'resolved',
      () => 'rejected',
    ),
    Promise.resolve('pending'),
  ]);

describe('inBatches', () => {
  test('an item arriving while nothing runs is handled at once, alone', () => {
    const { batches, handle } = heldHandler();
    const add = inBatches(handle);
    void add(1);
    expect(batches).toEqual([[1]]);
  });

  test('items arriving while a batch runs wait for it, then make one batch, in their order', async () => {
    const { batches, handle, finish } = heldHandler();
    const add = inBatches(handle);
    const first = add(1);
    const later = [add(2), add(3), add(4)];
    expect(batches).toEqual([[1]]);
    expect(await settled(later[0]!)).toBe('pending');

    finish(0);
    await first;
    await Promise.resolve();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(await settled(later[2]!)).toBe('pending');
    finish(1);
    await Promise.all(later);
  });

  test('a failing batch rejects its own items only; the next batch still runs, and one after that starts at once', async () => {
    const { batches, handle, finish } = heldHandler();
    const add = inBatches(handle);
    const first = add(1);
    const second = add(2);
    finish(0, new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await Promise.resolve();
    expect(batches).toEqual([[1], [2]]);
    finish(1);
    await expect(second).resolves.toBeUndefined();

    void add(3);
    expect(batches).toEqual([[1], [2], [3]]);
  });
});

describe('readInBatches', () => {
  test('keys arriving while a read runs are read together once it ends; each gets its own value', async () => {
    const reads: string[][] = [];
    let finishFirst = () => {};
    const read = async (keys: string[]) => {
      reads.push(keys);
      if (reads.length === 1) await new Promise<void>((resolve) => (finishFirst = resolve));
      return new Map(keys.filter((key) => key !== 'gone').map((key) => [key, key.toUpperCase()]));
    };
    const find = readInBatches(read);
    const first = find('a');
    const later = [find('b'), find('gone'), find('c')];
    expect(reads).toEqual([['a']]);

    finishFirst();
    expect(await first).toBe('A');
    expect(await Promise.all(later)).toEqual(['B', undefined, 'C']);
    expect(reads).toEqual([['a'], ['b', 'gone', 'c']]);
  });

  test('a failing read rejects the keys of its batch', async () => {
    const find = readInBatches<string, string>(() => Promise.reject(new Error('database down')));
    await expect(find('a')).rejects.toThrow('database down');
  });
});
