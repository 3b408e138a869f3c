import type { AddressInput } from '@kirana/shared';
import { atom } from 'jotai';
import { atomWithRefresh } from 'jotai/utils';
import { toast } from '../../../lib/toast';
import { userAtom } from '../../auth/atoms/user';
import { addAddress } from '../api/add-address';
import { getAddresses } from '../api/get-addresses';
import { updateAddress } from '../api/update-address';

/**
 * The logged-in shopper's saved addresses (none while logged out), fetched again whenever the
 * shopper changes; writing to it refetches. A failed fetch shows its message and rejects.
 */
export const addressesAtom = atomWithRefresh(async (get, { signal }) => {
  if (!get(userAtom)) return [];
  try {
    return await getAddresses(signal);
  } catch (error) {
    if (!signal.aborted && error instanceof Error) toast.error(error.message);
    throw error;
  }
});

/** The address the shopper picked for delivery; null means "the first saved one". */
export const chosenAddressIdAtom = atom<string | null>(null);

/** The delivery address in effect: the one picked, else the first saved one, else none. */
export const chosenAddressAtom = atom(async (get) => {
  const addresses = await get(addressesAtom);
  const chosenId = get(chosenAddressIdAtom);
  return addresses.find((address) => address._id === chosenId) ?? addresses[0] ?? null;
});

/**
 * Saves a new address (no `id`) or changes a saved one, shows the server's message, and makes it
 * the chosen delivery address. Throws `ApiError` with the server's message.
 */
export const saveAddressAtom = atom(
  null,
  async (_get, set, { id, address }: { id?: string; address: AddressInput }) => {
    const answer = id ? await updateAddress(id, address) : await addAddress(address);
    set(chosenAddressIdAtom, answer.address._id);
    set(addressesAtom);
    toast.success(answer.message);
  },
);
