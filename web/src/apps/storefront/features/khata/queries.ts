import type { KhataEntry, MyKhataAnswer } from '@kirana/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { getMyKhata } from './api/get-my-khata';

/** The shopper's khata, under their id: another shopper's login never reads it. */
export const myKhataKey = (userId: string) => ['khata', 'mine', userId] as const;

export type MyKhataPages = InfiniteData<MyKhataAnswer, unknown>;
export type MyKhata = NonNullable<MyKhataAnswer['khata']>;

export const myKhataQueries = {
  /**
   * Shopper `userId`'s khata, a page of entries at a time, newest first ('Load older' asks for
   * those before the last one held). Its first page says the balance and the limit.
   */
  mine: (userId: string) =>
    infiniteQueryOptions({
      queryKey: myKhataKey(userId),
      queryFn: ({ pageParam, signal }) => getMyKhata(pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.khata?.more ? last.khata.entries.at(-1)?._id : undefined),
    }),
};

/** The khata as its newest page says it (null: none), with every entry loaded, newest first. */
export function khataOf(
  pages: MyKhataPages | undefined,
): (MyKhata & { allEntries: KhataEntry[] }) | null {
  const first = pages?.pages[0]?.khata;
  if (!first || !pages) return null;
  return { ...first, allEntries: pages.pages.flatMap((page) => page.khata?.entries ?? []) };
}

/** Asks the shopper's khata again (after a payment, an order put on it). */
export const refreshMyKhata = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: ['khata', 'mine'] });

/**
 * Shopper `userId`'s khata as its newest page says it: null while there is no shopper, none is
 * kept for them, or it is still being asked for (a failure is only logged: checkout goes on
 * without "Pay later").
 */
export function useMyKhata(userId: string | undefined): MyKhata | null {
  const { data } = useInfiniteQuery({
    ...myKhataQueries.mine(userId ?? ''),
    enabled: Boolean(userId),
  });
  return data?.pages[0]?.khata ?? null;
}

/** What is left of the khata's limit (never below 0), in rupees. */
export const creditLeft = (khata: Pick<MyKhata, 'balance' | 'creditLimit'>): number =>
  Math.max(0, Math.round((khata.creditLimit - khata.balance) * 100) / 100);
