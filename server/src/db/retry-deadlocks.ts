import { DeadlockException } from '@mikro-orm/core';

/** PostgreSQL's deadlock_detected. */
const DEADLOCK = '40P01';

/** Whether `error` is PostgreSQL ending this transaction to break a deadlock. */
export function isDeadlock(error: unknown): boolean {
  if (error instanceof DeadlockException) return true;
  const withCode = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value && value.code === DEADLOCK;
  return withCode(error) || (error instanceof Error && withCode(error.cause));
}

/**
 * Runs `transaction` (a whole transaction: it starts, and rolls back when it fails) again when
 * PostgreSQL ended it to break a deadlock, up to `tries` times in all. Transactions that lock
 * several products (placing an order, putting its units back) can cross each other's locks; the
 * one PostgreSQL chose to end has changed nothing, and its second run finds the other done.
 */
export async function retryDeadlocks<T>(transaction: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= tries || !isDeadlock(error)) throw error;
    }
  }
}
