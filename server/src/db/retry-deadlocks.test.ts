import { DeadlockException } from '@mikro-orm/core';
import { describe, expect, it, vi } from 'vitest';
import { isDeadlock, retryDeadlocks } from './retry-deadlocks.js';

const pgDeadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryDeadlocks', () => {
  it('runs a transaction PostgreSQL ended for a deadlock again, and answers its result', async () => {
    const transaction = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(pgDeadlock())
      .mockResolvedValueOnce('placed');
    await expect(retryDeadlocks(transaction)).resolves.toBe('placed');
    expect(transaction).toHaveBeenCalledTimes(2);
  });

  it('gives up after three runs, with the last error', async () => {
    const transaction = vi.fn<() => Promise<string>>().mockRejectedValue(pgDeadlock());
    await expect(retryDeadlocks(transaction)).rejects.toThrow('deadlock detected');
    expect(transaction).toHaveBeenCalledTimes(3);
  });

  it('never runs again for any other error', async () => {
    const transaction = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('no'));
    await expect(retryDeadlocks(transaction)).rejects.toThrow('no');
    expect(transaction).toHaveBeenCalledTimes(1);
  });

  it('knows the deadlock as MikroORM, the pg driver or a wrapper reports it', () => {
    expect(isDeadlock(new DeadlockException(pgDeadlock()))).toBe(true);
    expect(isDeadlock(pgDeadlock())).toBe(true);
    expect(isDeadlock(new Error('wrapped', { cause: pgDeadlock() }))).toBe(true);
    expect(isDeadlock(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(isDeadlock('40P01')).toBe(false);
  });
});
