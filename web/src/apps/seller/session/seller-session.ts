import type { SellerLoginBody } from '@kirana/shared';
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { isUnreachable } from '../../../lib/api-client';
import { store } from '../../../lib/store';
import { toast } from '../../../lib/toast';
import { getSellerAuth } from './api/get-seller-auth';
import { loginSeller } from './api/login-seller';
import { logoutSeller } from './api/logout-seller';
import { errorText } from '../failure-message';
import { forgetAcknowledgedAtom } from '../features/orders/atoms/orders';
import { forgetSellerIn, rememberSellerIn, sellerLastSeenIn } from './last-seen';
import { sellerAuthAtom } from './seller-auth';

/** Forgets everything the seller screens hold, e.g. before another login. */
const forgetSellerData = (client: QueryClient) => {
  store.set(forgetAcknowledgedAtom);
  client.removeQueries({ queryKey: ['seller'] });
  client.removeQueries({ queryKey: ['products', 'seller'] });
};

/** What the seller is told when the seller area opened without the server. */
export const OPENED_OFFLINE_TEXT =
  'The store cannot be reached: opened as you were last logged in on this browser.';

export const sellerSessionQueries = {
  /**
   * The start-up check, asked whenever the seller area opens: is the seller's session live? Its
   * answer sets `sellerAuthAtom` and is kept for the next start. When the server cannot be
   * reached, the seller last seen logged in on this browser is let in (a quiet toast says so;
   * a 401 from any later call still shows the login form); anyone else gets the login form with
   * a toast saying why.
   */
  check: () =>
    queryOptions({
      queryKey: ['seller-session'],
      queryFn: async () => {
        try {
          const loggedIn = await getSellerAuth();
          if (loggedIn) rememberSellerIn();
          else forgetSellerIn();
          store.set(sellerAuthAtom, loggedIn ? 'in' : 'out');
        } catch (error) {
          if (isUnreachable(error) && sellerLastSeenIn()) {
            store.set(sellerAuthAtom, 'in');
            toast.warning(OPENED_OFFLINE_TEXT);
          } else {
            store.set(sellerAuthAtom, 'out');
            toast.error(errorText(error));
          }
        }
        return null;
      },
      staleTime: 0,
      gcTime: 0,
      retry: false,
      refetchOnReconnect: false,
      // Asked even when the browser says it is offline: the server may be on the shop's own
      // network, and an unreachable one opens the seller area as last seen.
      networkMode: 'always',
    }),
};

export const sellerSessionMutations = {
  /** Logs the seller in. Toasts the server's answer either way, e.g. 'Invalid email or password'. */
  logIn: () =>
    mutationOptions({
      mutationFn: (credentials: SellerLoginBody) => loginSeller(credentials),
      onSuccess: (answer, _credentials, _context, { client }) => {
        // Nothing held from an earlier session may show in this one.
        forgetSellerData(client);
        rememberSellerIn();
        store.set(sellerAuthAtom, 'in');
        toast.success(answer.message);
      },
      onError: (error) => {
        toast.error(errorText(error));
      },
    }),
  /**
   * Logs the seller out. The screens close first (the login form shows) and their calls are
   * cancelled, so that nothing of theirs asks the server once the session has ended; a logout the
   * server refuses opens them again.
   */
  logOut: () =>
    mutationOptions({
      mutationFn: () => logoutSeller(),
      onMutate: async (_none, { client }) => {
        forgetSellerIn();
        store.set(sellerAuthAtom, 'out');
        await client.cancelQueries({ queryKey: ['seller'] });
      },
      onSuccess: (answer, _none, _context, { client }) => {
        forgetSellerData(client);
        toast.success(answer.message);
      },
      onError: (error) => {
        rememberSellerIn();
        store.set(sellerAuthAtom, 'in');
        toast.error(errorText(error));
      },
    }),
};
