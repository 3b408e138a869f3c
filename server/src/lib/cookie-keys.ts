import Keygrip from 'keygrip';
import { LRUCache } from 'lru-cache';

/** Signatures remembered at most: each a session cookie of a recent visitor. */
const REMEMBERED = 10_000;

/**
 * The keys that sign cookies (Keygrip's), remembering the signatures lately found good. Checking
 * one costs three HMACs (Keygrip compares in constant time by hashing both sides), on every
 * request that reads the session: 7 % of an order's CPU in bench/orders.mjs. Only good
 * signatures are remembered, so forged cookies cannot fill the memory, and a remembered one is
 * known only to whoever holds that very cookie.
 */
export function cookieKeys(secrets: string[]): Keygrip {
  const keygrip = new Keygrip(secrets);
  const good = new LRUCache<string, number>({ max: REMEMBERED });
  const index = (data: string, digest: string): number => {
    const signed = `${digest}\n${data}`;
    const known = good.get(signed);
    if (known !== undefined) return known;
    const found = keygrip.index(data, digest);
    if (found >= 0) good.set(signed, found);
    return found;
  };
  return {
    sign: (data) => keygrip.sign(data),
    verify: (data, digest) => index(data, digest) >= 0,
    index,
  };
}
