import type {
  KhataCustomer,
  KhataCustomersAnswer,
  KhataEntriesAnswer,
  KhataEntry,
} from '@kirana/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { reported } from '../../reported';
import { getKhataCustomer, listKhataCustomers, type KhataCustomerList } from './api/customers';
import { getKhataEntries } from './api/entries';
import { findKhataShoppers } from './api/find-shoppers';
import { getKhataReminder } from './api/reminder';

/*
 * The khata (docs/khata.md) under 'seller' (a logout forgets it with the rest): the live
 * `khata:updated` lays the customer into these and asks their ledger again (./live-events.ts).
 */

const KHATA = ['seller', 'khata'] as const;
const LISTS = [...KHATA, 'customers'] as const;

export type KhataEntryPages = InfiniteData<KhataEntriesAnswer, string | undefined>;

export const khataQueries = {
  /** A page of the customers, by name or phone, or only those who owe. */
  customers: (list: KhataCustomerList) =>
    queryOptions({
      queryKey: [...LISTS, list],
      queryFn: ({ signal }) => reported(listKhataCustomers(list, signal), signal),
    }),
  /** One customer, as the customer's page shows them. */
  customer: (id: string) =>
    queryOptions({
      queryKey: [...KHATA, 'customer', id],
      queryFn: async ({ signal }) =>
        (await reported(getKhataCustomer(id, signal), signal)).customer,
    }),
  /** The customer's ledger, newest first; each older page asked with `before` its last entry. */
  entries: (id: string) =>
    infiniteQueryOptions({
      queryKey: [...KHATA, 'entries', id],
      queryFn: ({ pageParam, signal }) => reported(getKhataEntries(id, pageParam, signal), signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => (page.more ? page.entries.at(-1)?._id : undefined),
    }),
  /** The reminder to send the customer now (its amount follows the balance). */
  reminder: (id: string) =>
    queryOptions({
      queryKey: [...KHATA, 'reminder', id],
      queryFn: ({ signal }) => reported(getKhataReminder(id, signal), signal),
    }),
  /** Shopper accounts to link a customer to, by email or name. */
  shoppers: (q: string) =>
    queryOptions({
      queryKey: [...KHATA, 'shoppers', q],
      queryFn: ({ signal }) => reported(findKhataShoppers(q, signal), signal),
      staleTime: 60_000,
    }),
};

/** The entries of every loaded page of a ledger, newest first. */
export const entriesOf = (
  pages: InfiniteData<KhataEntriesAnswer, unknown> | undefined,
): KhataEntry[] => pages?.pages.flatMap((page) => page.entries) ?? [];

/**
 * `customer` as it now stands, shown on its page and on every loaded page of the list that holds
 * it; the lists are asked again, for what all owe together and the order of those who owe.
 */
export function showKhataCustomer(client: QueryClient, customer: KhataCustomer): void {
  client.setQueryData(khataQueries.customer(customer._id).queryKey, customer);
  client.setQueriesData<KhataCustomersAnswer>({ queryKey: LISTS }, (held) => {
    if (!held?.customers.some((candidate) => candidate._id === customer._id)) return held;
    return {
      ...held,
      customers: held.customers.map((candidate) =>
        candidate._id === customer._id ? customer : candidate,
      ),
    };
  });
  void client.invalidateQueries({ queryKey: LISTS });
}

/** The customer's ledger and reminder changed: asked again (those on screen now). */
export const refreshKhataLedger = (client: QueryClient, id: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: khataQueries.entries(id).queryKey }),
    client.invalidateQueries({ queryKey: khataQueries.reminder(id).queryKey }),
  ]);

/** Customers were added or imported: the lists are asked again. */
export const refreshKhataCustomers = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: LISTS });
