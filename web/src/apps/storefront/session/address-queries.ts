import type { Address } from '@kirana/shared';
import { queryOptions } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { getAddresses } from './api/get-addresses';

/** The key of shopper `userId`'s saved addresses (every shopper's under `['addresses']`). */
export const addressesKey = (userId: string) => ['addresses', userId] as const;

export const addressQueries = {
  /** The saved addresses of shopper `userId`. A failed load toasts its message. */
  list: (userId: string) =>
    queryOptions({
      queryKey: addressesKey(userId),
      queryFn: ({ signal }) =>
        getAddresses(signal).catch((error: unknown) => {
          if (!signal.aborted && error instanceof Error) toast.error(error.message);
          throw error;
        }),
    }),
};

/** The delivery address in effect: the one picked (`chosenId`), else the first saved, else none. */
export function chosenAddress(
  addresses: readonly Address[],
  chosenId: string | null,
): Address | null {
  return addresses.find((address) => address._id === chosenId) ?? addresses[0] ?? null;
}
