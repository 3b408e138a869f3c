import type { KhataEntry, MyKhataAnswer } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { aShop } from '../../../test/shop';
import { answer, answeredBy, refusal } from '../../../test/store';
import { authCheckedAtom, userAtom } from '../session/user';
import { MyKhataPage } from './my-khata-page';

/*
 * My khata against the store's API answered at the fetch boundary: each test says the khata the
 * server keeps for the shopper (pages of entries, newest first).
 */

const entry = (n: number, overrides: Partial<KhataEntry> = {}): KhataEntry => ({
  _id: `0190a5b2-7c3e-7a10-8000-${String(n).padStart(12, '0')}`,
  kind: 'credit',
  amount: 100,
  balance: n * 100,
  method: null,
  sale: null,
  orderId: null,
  note: null,
  createdAt: new Date(Date.UTC(2026, 11, 1, 6, n)).toISOString(),
  ...overrides,
});

/** The khata's pages: the first without `before`, the next after its last entry. */
let pages: MyKhataAnswer[];
/** The `before` of each khata request. */
let asked: (string | null)[];

async function store(url: string): Promise<Response> {
  const { pathname, searchParams } = new URL(url, 'http://kirana.test');
  if (pathname === '/api/shop') return answer({ success: true, shop: aShop(), zipcodes: [] });
  if (pathname === '/api/khata/mine') {
    const before = searchParams.get('before');
    asked.push(before);
    const page = pages.find((candidate, i) =>
      i === 0 ? before === null : pages[i - 1]?.khata?.entries.at(-1)?._id === before,
    );
    return page ? answer(page) : refusal(404, 'NOT_FOUND', 'No such entry');
  }
  return refusal(404, 'NOT_FOUND', `No route ${pathname} in this test`);
}

answeredBy(store);

beforeEach(() => {
  asked = [];
});

const khata = (entries: KhataEntry[], more = false, balance = 300): MyKhataAnswer => ({
  success: true,
  khata: {
    balance,
    creditLimit: 2000,
    canPayLater: true,
    oldestUnpaidAt: '2026-12-01T06:01:00.000Z',
    entries,
    more,
  },
});

function open() {
  const jotai = createStore();
  jotai.set(authCheckedAtom, true);
  jotai.set(userAtom, {
    _id: '0190a5b2-7c3e-7a10-9000-000000000001',
    name: 'Asha Rao',
    email: 'asha@example.com',
    cartItems: {},
  });
  render(
    <Provider store={jotai}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <MyKhataPage />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    );

describe('My khata', () => {
  it('shows what the shopper owes, the limit, and each entry with the balance after it', async () => {
    pages = [
      khata([
        entry(3, { kind: 'payment', amount: -200, balance: 300, method: 'online' }),
        entry(2, {
          kind: 'credit',
          amount: 400,
          balance: 500,
          sale: { _id: 'x', number: 'KS/26-27/42' },
        }),
        entry(1, { kind: 'adjustment', amount: 100, balance: 100, note: 'opening balance' }),
      ]),
    ];
    open();
    const table = await screen.findByRole('table');
    expect(rowsOf(table)).toEqual([
      ['Paid online', '−₹200.00', '₹300.00'],
      ['Bought on credit (bill KS/26-27/42)', '+₹400.00', '₹500.00'],
      ['Adjusted: opening balance', '+₹100.00', '₹100.00'],
    ]);
    expect(screen.getByText('You owe').nextElementSibling?.textContent).toBe('₹300.00');
    expect(screen.getByText('Credit limit').nextElementSibling?.textContent).toBe('₹2000.00');
    expect(screen.getByText('Owing since').nextElementSibling?.textContent).toBe('1 Dec 2026');
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  it('loads older entries after the last one held', async () => {
    pages = [khata([entry(3), entry(2)], true), khata([entry(1)], false)];
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(rowsOf(screen.getByRole('table'))).toHaveLength(3));
    expect(asked).toEqual([null, entry(2)._id]);
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  it('offers to pay the whole due, and refuses more than it', async () => {
    pages = [khata([entry(3)])];
    open();
    const amount = await screen.findByLabelText<HTMLInputElement>('Amount to pay (₹)');
    expect(amount.value).toBe('300.00');
    expect(screen.getByRole('button', { name: 'Pay now' })).toHaveProperty('disabled', false);

    fireEvent.change(amount, { target: { value: '300.01' } });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('At most what you owe, ₹300.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay now' })).toHaveProperty('disabled', true);
  });

  it('says so when the shop keeps no khata for the shopper', async () => {
    pages = [{ success: true, khata: null }];
    open();
    expect(await screen.findByText('The shop keeps no khata for your account.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
