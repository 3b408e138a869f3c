/*
 * What a failed send of a waiting sale comes to (docs/counter.md#the-till-without-a-connection):
 * a failure that passes leaves the sale to be sent again under its key; only the server's word
 * on the sale itself refuses it, to wait for the seller.
 */
import { ApiError, isUnreachable } from '../../../../../lib/api-client';

/**
 * The words of the idempotency helper's answer to a key whose first try is still being done
 * (server/src/lib/idempotency.ts, a 409 CONFLICT): the try is under way, not refused.
 */
const STILL_BEING_DONE = 'Idempotency-Key is still being done';

/**
 * What a failed send came to: `lost` when it passes — the server unreached, a 5xx, 429 (too
 * many requests), or the key's first try still being done — `signed out` for a 401 (the queue
 * stops until the seller logs in again), else `refused`, the server's word on the sale.
 */
export function failureOf(problem: unknown): 'lost' | 'signed out' | 'refused' {
  if (isUnreachable(problem)) return 'lost';
  if (!(problem instanceof ApiError)) return 'refused';
  if (problem.status === 401) return 'signed out';
  if (problem.status >= 500 || problem.status === 429) return 'lost';
  if (problem.status === 409 && problem.message.includes(STILL_BEING_DONE)) return 'lost';
  return 'refused';
}
