import { serverMessage } from '../../../../../lib/api-client';

/**
 * One press of Place Order: the `Idempotency-Key` it is sent with, and what it asked for. Sent
 * again with the same key while its outcome is unknown, it places the order once at most.
 */
export interface CheckoutAttempt {
  key: string;
  asked: string;
}

/** 128 random bits as hex; `getRandomValues` works on plain-HTTP shop networks too. */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The attempt for placing `asked` now: the `last` one again when it asked exactly the same (a
 * retry of a press whose answer never came), otherwise a new one with a fresh key.
 */
export function attemptFor(
  last: CheckoutAttempt | null,
  asked: string,
  makeKey: () => string = newAttemptKey,
): CheckoutAttempt {
  return last?.asked === asked ? last : { key: makeKey(), asked };
}

/**
 * Whether a failed attempt's outcome is known: the server answered in its own words (a refusal,
 * or an order placed without its payment window). Otherwise (no answer, a bare HTTP error, an
 * answer this page cannot read) the order may have been placed, and a retry keeps the key.
 */
export function outcomeKnown(error: unknown): boolean {
  return serverMessage(error) !== undefined;
}
