/*
 * Whether the seller was last seen logged in on this browser: kept when the server last said
 * so (the start-up check, or a login), forgotten when it said otherwise (a logout, an 'out'
 * answer, a 401). A start-up that cannot reach the server opens the seller area on it, so the
 * Counter keeps selling while the shop's connection is down (docs/counter.md).
 */
const KEY = 'kirana-seller-last-seen-in';

/** Storage may be unavailable (private modes, disabled cookies): then nothing is kept. */
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Keeps that the seller is logged in on this browser, with when the server last said so. */
export function rememberSellerIn(): void {
  try {
    storage()?.setItem(KEY, new Date().toISOString());
  } catch {
    // A full or locked storage only costs the offline start.
  }
}

/** Whether the server last said, on this browser, that the seller is logged in. */
export function sellerLastSeenIn(): boolean {
  try {
    return Boolean(storage()?.getItem(KEY));
  } catch {
    return false;
  }
}

export function forgetSellerIn(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing kept that could be read either.
  }
}
