import type { SellerLoginBody } from '@kirana/shared';
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { store } from '../../../lib/store';
import { toast } from '../../../lib/toast';
import { getSellerAuth } from './api/get-seller-auth';
import { loginSeller } from './api/login-seller';
import { logoutSeller } from './api/logout-seller';
import { errorText } from '../failure-message';
import { forgetAcknowledgedAtom } from '../features/orders/atoms/orders';
import { sellerAuthAtom } from './seller-auth';

/** Forgets everything the seller screens hold, e.g. before another login. */
const forgetSellerData = (client: QueryClient) => {
  store.set(forgetAcknowledgedAtom);
  client.removeQueries({ queryKey: ['seller'] });
  client.removeQueries({ queryKey: ['products', 'seller'] });
};

export const sellerSessionQueries = {
  /**
   * The start-up check, asked whenever the seller area opens: is the seller's session live? Its
   * answer sets `sellerAuthAtom`; an unreachable server shows the login form with a toast saying so.
   */
  check: () =>
    queryOptions({
      queryKey: ['seller-session'],
      queryFn: async () => {
        try {
          store.set(sellerAuthAtom, (await getSellerAuth()) ? 'in' : 'out');
        } catch (error) {
          store.set(sellerAuthAtom, 'out');
          toast.error(errorText(error));
        }
        return null;
      },
      staleTime: 0,
      gcTime: 0,
      retry: false,
      refetchOnReconnect: false,
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
        store.set(sellerAuthAtom, 'out');
        await client.cancelQueries({ queryKey: ['seller'] });
      },
      onSuccess: (answer, _none, _context, { client }) => {
        forgetSellerData(client);
        toast.success(answer.message);
      },
      onError: (error) => {
        store.set(sellerAuthAtom, 'in');
        toast.error(errorText(error));
      },
    }),
};
