import type { KhataCustomersAnswer } from '@kirana/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aKhataCustomer } from '../../../../test/khata';
import { khataChanged } from './live-events';
import { khataQueries } from './queries';

describe('the live khata:updated', () => {
  it('lays the customer into the lists and the page that hold them, and asks their ledger again', () => {
    const client = new QueryClient();
    const meena = aKhataCustomer({ balance: 450 });
    const ravi = aKhataCustomer({ _id: 'customer-2', name: 'Ravi', balance: 0 });
    const list = (customers = [meena, ravi]): KhataCustomersAnswer => ({
      success: true,
      customers,
      page: 1,
      pages: 1,
      total: customers.length,
      toCollect: 450,
    });
    const all = khataQueries.customers({}).queryKey;
    const others = khataQueries.customers({ q: 'ravi' }).queryKey;
    client.setQueryData(all, list());
    client.setQueryData(others, list([ravi]));
    client.setQueryData(khataQueries.customer(meena._id).queryKey, meena);
    const entries = khataQueries.entries(meena._id).queryKey;
    client.setQueryData(entries, { pages: [], pageParams: [] });
    const ravisEntries = khataQueries.entries(ravi._id).queryKey;
    client.setQueryData(ravisEntries, { pages: [], pageParams: [] });

    const paid = { ...meena, balance: 50 };
    khataChanged(client, paid);

    expect(client.getQueryData(all)?.customers).toEqual([paid, ravi]);
    expect(client.getQueryData(others)?.customers).toEqual([ravi]);
    expect(client.getQueryData(khataQueries.customer(meena._id).queryKey)).toEqual(paid);
    expect(client.getQueryState(entries)?.isInvalidated).toBe(true);
    expect(client.getQueryState(ravisEntries)?.isInvalidated).toBe(false);
    // What all owe together is asked again.
    expect(client.getQueryState(all)?.isInvalidated).toBe(true);
  });
});
