import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { toast } from '../../../lib/toast';
import { reportFailure } from '../failure-message';
import { adoptServerCartAtom, emptyCartAtom, loggedOutByServerAtom } from './cart';
import { saveCart } from './cart-mutations';
import { getUserAuth } from './api/get-user-auth';
import { mayBeSignedIn } from './signed-in-hint';
import { logoutUser } from './api/logout-user';
import { authCheckedAtom, userAtom } from './user';

/** The page's jotai store: lib/store.ts's in the browser, the test's own in tests. */
type Store = ReturnType<typeof createStore>;

/**
 * The start-up check (rerun whenever the storefront mounts): who is logged in, if anyone. A
 * logged-in shopper's saved cart replaces the browser's copy, keeping what was changed in that
 * copy meanwhile (then saved, through `client`); a session the server no longer knows logs the
 * shopper out here. An unreachable server leaves things as they are.
 */
export async function checkShopperAuth(store: Store, client: QueryClient): Promise<void> {
  const before = store.get(userAtom);
  try {
    // Nobody logged in (no hint cookie): not asked, so a visitor's console shows no 401.
    const user = mayBeSignedIn() ? await getUserAuth() : null;
    // A login or logout while the check was under way is newer than its answer.
    if (store.get(userAtom) !== before) return;
    if (!user) {
      store.set(loggedOutByServerAtom);
    } else if (user._id !== before?._id) {
      store.set(userAtom, user);
      const unsaved = store.set(adoptServerCartAtom, user);
      if (unsaved) saveCart(store, client, { items: unsaved, userId: user._id });
    }
    // Still the same shopper: the browser's copy has been saved as it changed, nothing to adopt.
  } catch (error) {
    console.warn('Could not check the login session', error);
  } finally {
    store.set(authCheckedAtom, true);
  }
}

export const shopperSessionMutations = {
  /** Logs the shopper out and empties the browser's cart; a refusal is toasted. */
  logOut: (store: Store) =>
    mutationOptions({
      mutationFn: () => logoutUser(),
      onSuccess: (answer) => {
        store.set(userAtom, null);
        store.set(emptyCartAtom);
        toast.success(answer.message);
      },
      onError: reportFailure(),
    }),
};
