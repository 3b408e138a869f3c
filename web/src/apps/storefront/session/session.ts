import { atom } from 'jotai';
import { toast } from '../../../lib/toast';
import { adoptServerCartAtom, emptyCartAtom, loggedOutByServerAtom } from './cart';
import { getUserAuth } from './api/get-user-auth';
import { mayBeSignedIn } from './signed-in-hint';
import { logoutUser } from './api/logout-user';
import { authCheckedAtom, userAtom } from './user';

/**
 * The start-up check (rerun whenever the storefront mounts): who is logged in, if anyone. A
 * logged-in shopper's saved cart replaces the browser's copy, keeping what was changed in that
 * copy meanwhile; a session the server no longer knows logs the shopper out here. An unreachable
 * server leaves things as they are.
 */
export const checkAuthAtom = atom(null, async (get, set) => {
  const before = get(userAtom);
  try {
    // Nobody logged in (no hint cookie): not asked, so a visitor's console shows no 401.
    const user = mayBeSignedIn() ? await getUserAuth() : null;
    // A login or logout while the check was under way is newer than its answer.
    if (get(userAtom) !== before) return;
    if (!user) {
      set(loggedOutByServerAtom);
    } else if (user._id !== before?._id) {
      set(userAtom, user);
      set(adoptServerCartAtom, user);
    }
    // Still the same shopper: the browser's copy has been saved as it changed, nothing to adopt.
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
