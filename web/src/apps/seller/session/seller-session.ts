import type { SellerLoginBody } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { atom } from 'jotai';
import { queryClient } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';
import { getSellerAuth } from './api/get-seller-auth';
import { loginSeller } from './api/login-seller';
import { logoutSeller } from './api/logout-seller';
import { errorText } from '../failure-message';
import { forgetAcknowledgedAtom } from '../features/orders/atoms/orders';
import { sellerAuthAtom } from './seller-auth';

/** Forgets everything the seller screens hold, e.g. before another login. */
const forgetSellerData = (client: QueryClient) => {
  client.removeQueries({ queryKey: ['seller'] });
  client.removeQueries({ queryKey: ['products', 'seller'] });
};

/**
 * The start-up check: is the seller's session live? An unreachable server shows the login form
 * with a toast saying so.
 */
export const checkSellerAuthAtom = atom(null, async (_get, set) => {
  try {
    set(sellerAuthAtom, (await getSellerAuth()) ? 'in' : 'out');
  } catch (error) {
    set(sellerAuthAtom, 'out');
    toast.error(errorText(error));
  }
});

/**
 * Logs the seller in; resolves true once in. Toasts the server's answer either way, e.g.
 * 'Invalid email or password'.
 */
export const logInSellerAtom = atom(
  null,
  async (_get, set, credentials: SellerLoginBody): Promise<boolean> => {
    try {
      const answer = await loginSeller(credentials);
      // Nothing held from an earlier session may show in this one.
      set(forgetAcknowledgedAtom);
      forgetSellerData(queryClient);
      set(sellerAuthAtom, 'in');
      toast.success(answer.message);
      return true;
    } catch (error) {
      toast.error(errorText(error));
      return false;
    }
  },
);

/**
 * Logs the seller out. The screens close first (the login form shows) and their calls are
 * cancelled, so that nothing of theirs asks the server once the session has ended; a logout the
 * server refuses opens them again.
 */
export const logOutSellerAtom = atom(null, async (_get, set) => {
  set(sellerAuthAtom, 'out');
  await queryClient.cancelQueries({ queryKey: ['seller'] });
  try {
    const answer = await logoutSeller();
    set(forgetAcknowledgedAtom);
    forgetSellerData(queryClient);
    toast.success(answer.message);
  } catch (error) {
    set(sellerAuthAtom, 'in');
    toast.error(errorText(error));
  }
});
