import 'fake-indexeddb/auto';
import {
  IDEMPOTENCY_KEY_HEADER,
  type CounterDevice,
  type CounterSale,
  type FlaggedProduct,
} from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { IDBPDatabase } from 'idb';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../../../lib/api-client';
import { createQueryClient } from '../../../../../lib/query-client';
import { toast } from '../../../../../lib/toast';
import { openCounterDb, type CounterDb } from './counter-db';
import { useOfflineSync } from './use-offline-sync';
import { keepOfflineSale, type MakeSale } from './waiting-sales';

const C1: CounterDevice = { series: 'C1', name: 'Counter', year: 2026, lastNumber: 0 };
const MADE = { madeAt: new Date('2026-12-07T05:00:00.000Z'), timeZone: 'Asia/Kolkata' };
const tea: FlaggedProduct = { product: 'tea', name: 'Tea', pastCount: 2 };

/** The till's offline sale of `key`, cut to what the sync reads. */
const saleOf =
  (key: string): MakeSale =>
  (number) => ({
    body: {
      items: [{ product: '0190a5b2-7c3e-7a10-8000-000000000001', quantity: 1, price: 40 }],
      payment: 'cash',
      offline: { madeAt: MADE.madeAt.toISOString(), device: 'C1', number },
    },
    sale: { _id: key, invoice: { number: `KS/C1/26-27/${number}` } } as CounterSale,
  });

/**
 * The store's server as the counter meets it: `up` or not; each sale recorded once per key (a
 * key again answers the first), or refused as `refuse` says; `loseAnswers` records a sale and
 * then drops its answer, as a connection breaking mid-answer does.
 */
function aServer() {
  const server = {
    up: true,
    loseAnswers: false,
    refuse: null as null | { status: number; code?: string; message: string },
    /** The number the server answers a sale under; none: the sale's own. */
    recordedAs: null as string | null,
    flagged: [] as FlaggedProduct[],
    cancelled: [] as { path: string; body: unknown }[],
    recorded: new Map<string, number>(),
    tries: [] as string[],
    told: [] as { offline: boolean; waiting: number }[],
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (!server.up) throw new TypeError('Failed to fetch');
    if (path === '/healthz') return Response.json({ success: true });
    if (path.endsWith('/cancelled')) {
      server.cancelled.push({ path, body: JSON.parse(String(init?.body)) });
      return Response.json({ success: true, message: 'cancelled' }, { status: 201 });
    }
    if (path.startsWith('/api/counter/devices'))
      return Response.json({ success: true, device: C1 }, { status: 201 });
    if (path === '/api/counter/sales') {
      const key = new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER) ?? '';
      server.tries.push(key);
      if (server.refuse) {
        const { status, code, message } = server.refuse;
        return Response.json({ success: false, code, message }, { status });
      }
      server.recorded.set(key, server.recorded.get(key) ?? server.recorded.size + 1);
      if (server.loseAnswers) throw new TypeError('Failed to fetch');
      const sale = { _id: key, number: server.recorded.get(key), invoice: server.recordedAs };
      return Response.json({ success: true, sale: answeredSale(sale), flagged: server.flagged });
    }
    if (path.startsWith('/api/counter')) return Response.json({ success: true, day: null });
    throw new Error(`the test's server has no ${path}`);
  };
  return { server, fetch };
}

const answeredSale = ({
  _id,
  number,
  invoice,
}: {
  _id: string;
  number?: number;
  invoice: string | null;
}): CounterSale => ({
  _id,
  number: number ?? 1,
  invoice:
    invoice === null ? null : { number: invoice, series: 'INV', date: '2026-12-07', kind: 'bill' },
  lines: [],
  subtotal: 40,
  tax: 0.8,
  amount: 40.8,
  payment: 'cash',
  tendered: 40.8,
  change: 0,
  customer: null,
  onKhata: 0,
  paid: null,
  refunded: 0,
  createdAt: '2026-12-07T05:00:00.000Z',
});

let names = 0;
let db: IDBPDatabase<CounterDb>;

beforeEach(async () => {
  names += 1;
  db = await openCounterDb(`offline-sync-${names}`);
  await db.put('meta', { key: 'device', device: C1 });
});
afterEach(() => {
  db.close();
  delete (globalThis as { kirana?: unknown }).kirana;
  vi.restoreAllMocks();
});

/** The hook over the test's database and `fetch`; the desktop app's tray listening. */
function syncOver({ server, fetch }: ReturnType<typeof aServer>) {
  (globalThis as { kirana?: unknown }).kirana = {
    counterConnection: (state: { offline: boolean; waiting: number }) => server.told.push(state),
  };
  const client = createQueryClient(createApiClient({ fetch }), 0);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useOfflineSync({ database: () => Promise.resolve(db) }), { wrapper });
}

const backOnline = () => act(() => void window.dispatchEvent(new Event('online')));

describe('useOfflineSync', () => {
  it('keeps a sale made offline and sends it under its key once the server answers again', async () => {
    const warned = vi.spyOn(toast, 'warning').mockImplementation(() => undefined);
    const { server, fetch } = aServer();
    server.flagged = [tea];
    const { result } = syncOver({ server, fetch });
    server.up = false;
    act(() => result.current.wentOffline());
    await act(() => result.current.keep(MADE, saleOf('sale-a')));
    expect(result.current.online).toBe(false);
    expect(result.current.waiting.map((sale) => sale.key)).toEqual(['sale-a']);
    expect(server.told.at(-1)).toEqual({ offline: true, waiting: 1 });
    expect(server.tries).toEqual([]);

    server.up = true;
    await backOnline();
    await waitFor(() => expect(result.current.waiting).toEqual([]));
    expect(server.tries).toEqual(['sale-a']);
    expect(result.current.online).toBe(true);
    expect(await db.getAll('waiting')).toEqual([]);
    expect(warned).toHaveBeenCalledWith('Tea: sold 2 more than the count — count the shelf');
    expect(server.told.at(-1)).toEqual({ offline: false, waiting: 0 });
  });

  it('finds at start that the server cannot be reached, and its series kept from before', async () => {
    const { server, fetch } = aServer();
    server.up = false;
    const { result } = syncOver({ server, fetch });
    await waitFor(() => expect(result.current.online).toBe(false));
    await waitFor(() => expect(result.current.device).toEqual(C1));
    expect(server.told.at(-1)).toEqual({ offline: true, waiting: 0 });
  });

  it('sends a sale whose answer was lost again with the same key: recorded once', async () => {
    const { server, fetch } = aServer();
    const { result } = syncOver({ server, fetch });
    server.loseAnswers = true;
    await act(() => result.current.keep(MADE, saleOf('sale-a')));
    await waitFor(() => expect(result.current.online).toBe(false));
    expect(result.current.waiting.map((sale) => sale.key)).toEqual(['sale-a']);

    server.loseAnswers = false;
    await backOnline();
    await waitFor(() => expect(result.current.waiting).toEqual([]));
    expect(server.tries).toEqual(['sale-a', 'sale-a']);
    expect([...server.recorded.keys()]).toEqual(['sale-a']);
  });

  it('forgets a kept sale the server answers under another number (its online try recorded it), and says its number is cancelled', async () => {
    const warned = vi.spyOn(toast, 'warning').mockImplementation(() => undefined);
    await keepOfflineSale(db, MADE, saleOf('sale-a'));
    const { server, fetch } = aServer();
    server.recordedAs = 'KS/26-27/12';
    const { result } = syncOver({ server, fetch });
    await waitFor(() => expect(server.tries).toEqual(['sale-a']));
    await waitFor(() => expect(result.current.waiting).toEqual([]));
    expect(await db.getAll('waiting')).toEqual([]);
    expect(warned).toHaveBeenCalledWith(
      'Bill KS/C1/26-27/1 had been recorded already, as KS/26-27/12: KS/C1/26-27/1 is cancelled',
    );
  });

  it.each([
    ['a 5xx', { status: 500, message: 'Something went wrong' }],
    ['a 429', { status: 429, code: 'RATE_LIMITED', message: 'Too many requests' }],
    [
      'the key’s first try still being done',
      {
        status: 409,
        code: 'CONFLICT',
        message: 'A request with this Idempotency-Key is still being done: send it again',
      },
    ],
  ])(
    'takes %s as a failure that passes: the sale is kept, not refused, and sent again',
    async (_, refusal) => {
      const said = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
      await keepOfflineSale(db, MADE, saleOf('sale-a'));
      const { server, fetch } = aServer();
      server.refuse = refusal;
      const { result } = syncOver({ server, fetch });
      await waitFor(() => expect(result.current.online).toBe(false));
      expect(server.tries).toEqual(['sale-a']);
      expect(result.current.waiting.map((sale) => [sale.key, sale.refused])).toEqual([
        ['sale-a', null],
      ]);
      expect((await db.get('waiting', 'sale-a'))?.refused).toBeNull();
      expect(said).not.toHaveBeenCalled();

      server.refuse = null;
      await backOnline();
      await waitFor(() => expect(result.current.waiting).toEqual([]));
      expect(server.tries).toEqual(['sale-a', 'sale-a']);
    },
  );

  it('stops the queue on a 401 and says once that the seller must log in again', async () => {
    const said = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    for (const key of ['sale-a', 'sale-b']) await keepOfflineSale(db, MADE, saleOf(key));
    const { server, fetch } = aServer();
    server.refuse = { status: 401, code: 'UNAUTHENTICATED', message: 'Log in first' };
    const { result } = syncOver({ server, fetch });
    await waitFor(() => expect(server.tries).toEqual(['sale-a']));
    await waitFor(() => expect(result.current.sending).toBeNull());
    await backOnline();
    await act(() => result.current.keep(MADE, saleOf('sale-c')));
    expect(server.tries).toEqual(['sale-a']);
    expect(result.current.waiting.map((sale) => [sale.key, sale.refused])).toEqual([
      ['sale-a', null],
      ['sale-b', null],
      ['sale-c', null],
    ]);
    expect(said.mock.calls).toEqual([
      ['Log in again to send the bills kept on this counter: they wait until then'],
    ]);
  });

  it('sends the sales kept before a reload, oldest first, as soon as it starts', async () => {
    for (const key of ['sale-a', 'sale-b']) await keepOfflineSale(db, MADE, saleOf(key));
    const { server, fetch } = aServer();
    const { result } = syncOver({ server, fetch });
    await waitFor(() => expect(server.tries).toEqual(['sale-a', 'sale-b']));
    await waitFor(() => expect(result.current.waiting).toEqual([]));
  });

  it('keeps a refused sale with its reason, goes on with the next, and sends it again on the seller’s word', async () => {
    const said = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const { server, fetch } = aServer();
    server.up = false;
    const { result } = syncOver({ server, fetch });
    act(() => result.current.wentOffline());
    await act(() => result.current.keep(MADE, saleOf('sale-a')));
    await act(() => result.current.keep(MADE, saleOf('sale-b')));

    server.up = true;
    server.refuse = { status: 409, code: 'CONFLICT', message: 'Tea is no longer sold' };
    await backOnline();
    await waitFor(() =>
      expect(result.current.waiting.map((sale) => [sale.key, sale.refused?.code])).toEqual([
        ['sale-a', 'CONFLICT'],
        ['sale-b', 'CONFLICT'],
      ]),
    );
    expect(said).toHaveBeenCalledWith('Bill KS/C1/26-27/1 was not recorded: Tea is no longer sold');
    expect((await db.get('waiting', 'sale-a'))?.refused?.message).toBe('Tea is no longer sold');

    server.refuse = null;
    await act(() => result.current.sendAgain('sale-a'));
    await waitFor(() => expect(result.current.waiting.map((sale) => sale.key)).toEqual(['sale-b']));
    // Unreached, the drop is refused and the sale stays: its number is cancelled first.
    server.up = false;
    await expect(act(() => result.current.drop('sale-b'))).rejects.toThrow(
      'Bill KS/C1/26-27/2 cannot be dropped while the store cannot be reached: its number is cancelled there first. Drop it once the connection is back',
    );
    expect(result.current.waiting.map((sale) => sale.key)).toEqual(['sale-b']);
    server.up = true;
    await act(() => result.current.drop('sale-b'));
    expect(server.cancelled).toEqual([
      {
        path: '/api/counter/devices/C1/cancelled',
        body: {
          number: 2,
          madeAt: MADE.madeAt.toISOString(),
          reason: 'Dropped at the counter: Tea is no longer sold',
        },
      },
    ]);
    expect(result.current.waiting).toEqual([]);
    expect(await db.getAll('waiting')).toEqual([]);
    expect([...server.recorded.keys()]).toEqual(['sale-a']);
  });

  it('shows a sale kept in another tab without a reload, and forgets it there once recorded', async () => {
    const { server, fetch } = aServer();
    server.up = false;
    const one = syncOver({ server, fetch });
    const other = syncOver({ server, fetch });
    act(() => one.result.current.wentOffline());
    act(() => other.result.current.wentOffline());
    await act(() => one.result.current.keep(MADE, saleOf('sale-a')));
    await waitFor(() =>
      expect(other.result.current.waiting.map((sale) => sale.key)).toEqual(['sale-a']),
    );

    server.up = true;
    await backOnline();
    await waitFor(() => expect(one.result.current.waiting).toEqual([]));
    await waitFor(() => expect(other.result.current.waiting).toEqual([]));
    // Both tabs may try it (the test's browser has no locks): its key records it once.
    expect([...server.recorded.keys()]).toEqual(['sale-a']);
  });
});
