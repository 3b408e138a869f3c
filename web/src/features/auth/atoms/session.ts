import { atom } from 'jotai';
import { toast } from '../../../lib/toast';
import { adoptServerCartAtom, emptyCartAtom } from '../../cart/atoms/cart';
import { getUserAuth } from '../api/get-user-auth';
import { logoutUser } from '../api/logout-user';
import { authCheckedAtom, userAtom } from './user';

/**
 * The start-up check: who is logged in, if anyone. A logged-in shopper's saved cart replaces the
 * browser's copy, which only mirrored it. An unreachable server leaves the visitor logged out.
 */
export const checkAuthAtom = atom(null, async (_get, set) => {
  try {
    const user = await getUserAuth();
    if (user) {
      set(userAtom, user);
      set(adoptServerCartAtom, user.cartItems);
    }
  } catch (error) {
    console.warn('Could not check the login session', error);
  } finally {
    set(authCheckedAtom, true);
  }
});

/** Logs the shopper out and empties the browser's cart. Resolves false when logout failed. */
export const logOutAtom = atom(null, async (_get, set): Promise<boolean> => {
  try {
    const answer = await logoutUser();
    set(userAtom, null);
    set(emptyCartAtom);
    toast.success(answer.message);
    return true;
  } catch (error) {
    toast.error(error instanceof Error ? error.message : String(error));
    return false;
  }
});
