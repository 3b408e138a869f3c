import type { Address } from '@kirana/shared';
import { atom, type createStore } from 'jotai';
import { queryClient } from '../../../lib/query-client';
import { userAtom } from './user';
import { addressQueries, chosenAddress } from './address-queries';

/*
 * The shopper's choice among their saved addresses; the addresses themselves are server data,
 * in the one cache (address-queries.ts).
 */

/** The address the shopper picked for delivery; null means "the first saved one". */
export const chosenAddressIdAtom = atom<string | null>(null);

/**
 * The delivery address in effect for the logged-in shopper (see `chosenAddress`), loading the
 * saved addresses when not held; null when logged out or none is saved. Rejects when they could
 * not be loaded.
 */
export async function loadChosenAddress(
  store: ReturnType<typeof createStore>,
): Promise<Address | null> {
  const user = store.get(userAtom);
  if (!user) return null;
  const addresses = await queryClient.ensureQueryData(addressQueries.list(user._id));
  return chosenAddress(addresses, store.get(chosenAddressIdAtom));
}
