import { atom } from 'jotai';
import { toast } from '../../../lib/toast';
import { forgetSellerIn } from './last-seen';

/**
 * Whether the seller is logged in: 'unknown' until the start-up `is-auth` check answers. Out of
 * the server's reach at start-up, the seller last seen logged in on this browser is 'in' until a
 * call answers 401.
 */
export type SellerAuth = 'unknown' | 'in' | 'out';

export const sellerAuthAtom = atom<SellerAuth>('unknown');

/**
 * A call answered 401: the session ended (it expired or was logged out elsewhere). Shows the
 * login form again with the server's words, once however many calls noticed it.
 */
export const sessionLostAtom = atom(null, (get, set, message: string) => {
  if (get(sellerAuthAtom) !== 'in') return;
  forgetSellerIn();
  set(sellerAuthAtom, 'out');
  toast.error(message);
});
