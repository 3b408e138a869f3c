import { atomWithRefresh } from 'jotai/utils';
import { userAtom } from '../../auth/atoms/user';
import { getUserOrders } from '../api/get-user-orders';

/**
 * The logged-in shopper's orders, newest first (none while logged out); writing to it refetches.
 * A failed load is only logged, as the spec asks, and rejects for the screen to offer a retry.
 */
export const userOrdersAtom = atomWithRefresh(async (get, { signal }) => {
  if (!get(userAtom)) return [];
  try {
    return await getUserOrders(signal);
  } catch (error) {
    if (!signal.aborted) console.error('Could not load your orders', error);
    throw error;
  }
});
