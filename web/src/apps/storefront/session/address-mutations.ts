import type { AddressInput } from '@kirana/shared';
import { mutationOptions } from '@tanstack/react-query';
import { store } from '../../../lib/store';
import { toast } from '../../../lib/toast';
import { reportFailure } from '../failure-message';
import { addAddress } from './api/add-address';
import { updateAddress } from './api/update-address';
import { addressesKey } from './address-queries';
import { chosenAddressIdAtom } from './addresses';
import { userAtom } from './user';

export const addressMutations = {
  /**
   * Saves a new address (no `id`) or changes a saved one, makes it the chosen delivery address,
   * fetches the saved addresses again, and shows the server's message; a refusal toasts the
   * server's message.
   */
  save: () =>
    mutationOptions({
      mutationFn: ({ id, address }: { id?: string; address: AddressInput }) =>
        id ? updateAddress(id, address) : addAddress(address),
      onSuccess: async (answer, _asked, _context, { client }) => {
        store.set(chosenAddressIdAtom, answer.address._id);
        const user = store.get(userAtom);
        if (user) await client.invalidateQueries({ queryKey: addressesKey(user._id) });
        toast.success(answer.message);
      },
      onError: reportFailure(),
    }),
};
