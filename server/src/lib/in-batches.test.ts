import { describe, expect, test } from 'vitest';
import { inBatches } from './in-batches.js';

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
