import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  skipToken,
  type QueryClient,
} from '@tanstack/react-query';
import { apiOf, queryClient } from '../../../../lib/query-client';
import { productQueries } from '../../../../common/catalogue/queries';
import { searchProducts } from '../../../../common/catalogue/api/search-products';
import { reported } from '../../reported';
import { getSales } from './api/get-sales';
import { getTill, getTillDays } from './api/till';
import { counterDb } from './offline/counter-db';
import { isUnreachable } from '../../../../lib/api-client';
import { keptShop } from './offline/kept-catalogue';
import { searchKept } from './offline/kept-lookup';
import { dayLastSeen } from './offline/last-seen-day';

/** The till's data, under 'seller': a logout forgets it, the seller's catch-up asks it again. */
const COUNTER_KEY = ['seller', 'counter'] as const;
/** Suggestions the scan box offers as a name is typed. */
const SUGGESTIONS = 8;

export const counterQueries = {
  /**
   * The open day of the till with its figures so far (null: none open); live by `till:updated`.
   * Without the server, the day last seen on this counter, which sells on
   * (docs/counter.md#the-till-without-a-connection): asked whether the browser thinks it is
   * online or not.
   */
  till: () =>
    queryOptions({
      queryKey: [...COUNTER_KEY, 'till'],
      queryFn: ({ client, signal }) =>
        reported(dayLastSeen(getTill(apiOf(client), signal)), signal),
      staleTime: 0,
      networkMode: 'always',
    }),
  /**
   * The sales of the till's days that opened on the shop's day `date` (every session of the day),
   * newest first, a page at a time (for returns and reprints).
   */
  sales: (date: string) =>
    infiniteQueryOptions({
      queryKey: [...COUNTER_KEY, 'sales', date],
      queryFn: ({ client, signal, pageParam }) =>
        reported(getSales(apiOf(client), { date, before: pageParam }, signal), signal),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (page) => (page.more ? page.sales.at(-1)?.number : undefined),
      staleTime: 0,
    }),
  /**
   * The bill numbered `number` on its receipt (`KS/26-27/12`, or `12` of this financial year),
   * whatever its day (none asked while `number` is null).
   */
  bill: (number: string | null) =>
    queryOptions({
      queryKey: [...COUNTER_KEY, 'bill', number],
      queryFn:
        number === null
          ? skipToken
          : ({ client, signal }) => reported(getSales(apiOf(client), { number }, signal), signal),
      staleTime: 0,
    }),
  /** The shop as last kept on this counter (null: never), for the till without the server. */
  keptShop: () =>
    queryOptions({
      queryKey: [...COUNTER_KEY, 'kept-shop'],
      queryFn: async () => (await keptShop(await counterDb())) ?? null,
      networkMode: 'always',
    }),
  /** The till's days that opened on the shop's day `date`, for the Cash report. */
  days: (date: string) =>
    queryOptions({
      queryKey: [...COUNTER_KEY, 'days', date],
      queryFn: ({ client, signal }) => reported(getTillDays(apiOf(client), date, signal), signal),
    }),
  /**
   * Products whose name, code or barcode matches `text`, best first; without the server, from
   * the catalogue kept on this counter.
   */
  suggestions: (text: string) =>
    queryOptions({
      queryKey: ['products', 'counter', text],
      queryFn: async ({ client, signal }) => {
        try {
          return (await searchProducts(apiOf(client), { q: text, limit: SUGGESTIONS }, signal))
            .products;
        } catch (problem) {
          if (!isUnreachable(problem)) throw problem;
          return searchKept(await counterDb(), text, SUGGESTIONS);
        }
      },
      enabled: text.length >= 2,
      placeholderData: keepPreviousData,
      networkMode: 'always',
      retry: false,
    }),
};

/** The products of the bill as they are now (prices moved, stock sold): unknown ones left out. */
export const productsNow = (ids: readonly string[]) =>
  queryClient.fetchQuery({ ...productQueries.items(ids), staleTime: 0 });

/** Something at the till changed: its day and sales are asked again. */
export const refreshTill = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: COUNTER_KEY });
