import type {
  Agent,
  BackupFailure,
  BackupsAnswer,
  CashReportAnswer,
  SellerOrder,
  SellerOrdersAnswer,
} from '@kirana/shared';
import { InfiniteQueryObserver, QueryObserver } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { openLiveFeed, POLL_MS } from '../../lib/socket';
import { aKhataCustomer } from '../../test/khata';
import { anOrder, at } from '../../test/orders';
import { aPage, aProduct } from '../../test/products';
import { lastSocket, settled, type FakeSocket } from '../../test/socket';
import { sellerLiveFeed } from './live-feed';
import { ordersOf, type SellerOrderPages } from './features/orders/order-list';
import { backupQueries } from './features/backups/queries';
import { sellerOrderQueries } from './features/orders/queries';
import { sellerProductQueries } from './features/products/queries';
import { teamQueries } from './features/team/queries';
import { refreshSellerOrders, SELLER_ORDERS_KEY } from './features/orders/order-cache';
import { sellerAuthAtom } from './session/seller-auth';

const mocks = vi.hoisted(() => ({
  getSellerOrders: vi.fn<(page: number, limit: number) => Promise<SellerOrdersAnswer>>(),
  getAgents: vi.fn<() => Promise<Agent[]>>(),
  getCashReport: vi.fn<(date: string) => Promise<CashReportAnswer>>(),
  getBackups: vi.fn<() => Promise<BackupsAnswer>>(),
  desktop: {
    backupFailed: vi.fn(async (_failure: BackupFailure) => {}),
    newOrders: vi.fn(async (_orders: SellerOrder[]) => {}),
    acknowledgeOrders: vi.fn(async (_ids: string[]) => {}),
    printPackingSlip: vi.fn(),
  },
  toast: { success: vi.fn(), error: vi.fn() },
}));

vi.mock('socket.io-client', async () => (await import('../../test/socket')).fakeSocketIo);
vi.mock('./features/orders/api/get-seller-orders', () => ({
  getSellerOrders: mocks.getSellerOrders,
}));
vi.mock('./features/team/api/get-agents', () => ({ getAgents: mocks.getAgents }));
vi.mock(import('./features/team/api/get-cash-report'), async (importOriginal) => ({
  ...(await importOriginal()),
  getCashReport: mocks.getCashReport,
}));
vi.mock(import('./features/backups/api/get-backups'), async (importOriginal) => ({
  ...(await importOriginal()),
  getBackups: mocks.getBackups,
}));
vi.mock('../../lib/desktop-bridge', () => ({ desktop: mocks.desktop }));
vi.mock('../../lib/toast', () => ({ toast: mocks.toast }));

/** The server's pages: `pages[n - 1]` answers page n; later pages are empty. */
function serverHolds(pages: SellerOrder[][]) {
  mocks.getSellerOrders.mockImplementation(async (page) => ({
    success: true,
    orders: pages[page - 1] ?? [],
    page,
    hasMore: page < pages.length,
  }));
}

const ids = (orders: readonly { _id: string }[]) => orders.map((order) => order._id);
const announced = () => mocks.desktop.newOrders.mock.calls.flatMap(([orders]) => ids(orders));

const held = () => ordersOf(queryClient.getQueryData<SellerOrderPages>(SELLER_ORDERS_KEY));

let store: ReturnType<typeof createStore>;
let orders: InfiniteQueryObserver<
  SellerOrdersAnswer,
  Error,
  SellerOrderPages,
  typeof SELLER_ORDERS_KEY,
  number
>;
let stopShowing: (() => void) | undefined;

/** The orders on screen, as the seller layout holds them: loaded now, kept active. */
async function showOrders() {
  orders = new InfiniteQueryObserver(queryClient, sellerOrderQueries.orders());
  stopShowing = orders.subscribe(() => {});
  await vi.waitFor(() => expect(orders.getCurrentResult().isSuccess).toBe(true));
}

const refresh = () => refreshSellerOrders(queryClient);
let socket: FakeSocket;
let close: () => void;

/**
 * The socket connects, as it does once the screens have loaded, and the refetch that every
 * connect runs has settled.
 */
async function connect() {
  socket.accept();
  await settled();
}

beforeEach(async () => {
  vi.clearAllMocks();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  store = createStore();
  queryClient.clear();
  store.set(sellerAuthAtom, 'in');
  serverHolds([]);
  mocks.getAgents.mockResolvedValue([]);
  close = openLiveFeed(store, queryClient, 'seller', sellerLiveFeed);
  await vi.dynamicImportSettled();
  socket = lastSocket();
});

afterEach(() => {
  stopShowing?.();
  stopShowing = undefined;
  close();
  vi.useRealTimers();
});

describe("the seller's live orders", () => {
  it('holds a live new order at the front and announces it to the desktop app once, whatever a later refresh brings', async () => {
    const old = anOrder(1);
    serverHolds([[old]]);
    await showOrders();
    await connect();

    const fresh = anOrder(2);
    socket.fire('order:created', fresh);
    socket.fire('order:created', fresh);
    expect(ids(held())).toEqual(ids([fresh, old]));

    serverHolds([[fresh, old]]);
    await refresh();
    expect(announced()).toEqual([fresh._id]);
  });

  it('announces, once, an order placed between the first load and the connect, which its refetch brings', async () => {
    const old = anOrder(1);
    serverHolds([[old]]);
    await showOrders();
    const fresh = anOrder(2);
    serverHolds([[fresh, old]]);

    await connect();
    expect(ids(held())).toEqual(ids([fresh, old]));
    expect(announced()).toEqual([fresh._id]);

    // Placed just as the socket joined its rooms: its event comes as well.
    socket.fire('order:created', fresh);
    expect(announced()).toEqual([fresh._id]);
  });

  it('does not announce again an order that a refresh brought before its event', async () => {
    serverHolds([[anOrder(1)]]);
    await showOrders();
    await connect();
    const fresh = anOrder(2);
    serverHolds([[fresh]]);
    await refresh();

    socket.fire('order:created', fresh);

    expect(announced()).toEqual([fresh._id]);
  });

  it('merges live changes, and a late copy does not roll the order back', async () => {
    const order = anOrder(1);
    serverHolds([[order]]);
    await showOrders();
    await connect();
    const picked = { ...order, status: 'Picked' as const, updatedAt: at(10) };
    const delivered = { ...order, status: 'Delivered' as const, isPaid: true, updatedAt: at(20) };

    socket.fire('order:updated', delivered);
    socket.fire('order:updated', picked);

    expect(held()).toEqual([delivered]);
    expect(announced()).toEqual([]);
  });

  it('announces an order first seen in an update, such as an online order once paid', async () => {
    serverHolds([[anOrder(1)]]);
    await showOrders();
    await connect();

    const paid = anOrder(2, { paymentType: 'Online', isPaid: true });
    socket.fire('order:updated', paid);

    expect(held()[0]).toEqual(paid);
    expect(announced()).toEqual([paid._id]);
  });

  it("leaves a change to an order older than the pages loaded to 'Load more', unannounced", async () => {
    const [oldest, older, newer] = [anOrder(1), anOrder(2), anOrder(3)];
    serverHolds([[newer], [older, oldest]]);
    await showOrders();
    await connect();

    const picked = { ...older, status: 'Picked' as const, updatedAt: at(30) };
    socket.fire('order:updated', picked);
    expect(ids(held())).toEqual([newer._id]);

    serverHolds([[newer], [picked, oldest]]);
    await orders.fetchNextPage();
    expect(held()[1]).toEqual(picked);
    expect(announced()).toEqual([]);
  });

  it('polls only the orders while the stream is down, and fetches every loaded list when it is back', async () => {
    serverHolds([[anOrder(1)]]);
    await showOrders();
    await connect();
    const productList = sellerProductQueries.page({}).queryKey;
    queryClient.setQueryData(productList, aPage([aProduct()]));
    mocks.getSellerOrders.mockClear();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });

    socket.drop('transport close');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(mocks.getSellerOrders).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryState(productList)?.isInvalidated).toBe(false);

    socket.accept();
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(productList)?.isInvalidated).toBe(true),
    );
    expect(mocks.getSellerOrders).toHaveBeenCalledTimes(3);
    expect(mocks.getAgents).not.toHaveBeenCalled();
  });
});

describe("the seller's live products and agents", () => {
  it('lays a changed product into the pages of the Product List that hold it', async () => {
    await connect();
    const milk = aProduct();
    const bread = aProduct({ name: 'Bread' });
    const soldOut = { ...milk, inStock: false, updatedAt: at(5) };
    const holding = sellerProductQueries.page({ q: 'milk' }).queryKey;
    const other = sellerProductQueries.page({ category: 'bakery' }).queryKey;
    queryClient.setQueryData(holding, aPage([bread, milk]));
    queryClient.setQueryData(other, aPage([bread]));

    socket.fire('product:updated', soldOut);

    expect(queryClient.getQueryData(holding)?.products).toEqual([bread, soldOut]);
    expect(queryClient.getQueryData(other)?.products).toEqual([bread]);
    socket.fire('product:updated', milk);
    expect(queryClient.getQueryData(holding)?.products).toEqual([bread, soldOut]);
  });

  it('fetches the team and the cash report on screen again on agents:updated, and a ledger not shown when next shown', async () => {
    await connect();
    const ravi: Agent = {
      _id: 'agent-1',
      name: 'Ravi',
      phone: '9876543210',
      status: 'Available',
      onDuty: true,
      canSignIn: true,
      cashInHand: 0,
    };
    const day = (closingInHand: number): CashReportAnswer => {
      const figures = {
        deliveries: 1,
        openingInHand: 0,
        cashCollected: closingInHand,
        onlineCollected: 0,
        corrections: 0,
        handedOver: 0,
        closingInHand,
      };
      return { success: true, date: '2025-01-01', agents: [], totals: figures };
    };
    mocks.getCashReport.mockResolvedValue(day(0));
    const shown = [teamQueries.agents(), teamQueries.cashReport('2025-01-01')].map((query) => {
      const observer = new QueryObserver(queryClient, query as never);
      observer.subscribe(() => {});
      return observer;
    });
    const ledger = teamQueries.ledger(ravi._id).queryKey;
    queryClient.setQueryData(ledger, {
      success: true,
      agent: { _id: ravi._id, name: ravi.name, phone: ravi.phone },
      cashInHand: 0,
      lines: [],
    });
    await settled();

    mocks.getAgents.mockResolvedValue([{ ...ravi, cashInHand: 55 }]);
    mocks.getCashReport.mockResolvedValue(day(55));
    socket.fire('agents:updated');

    await vi.waitFor(() => {
      expect(queryClient.getQueryData(teamQueries.agents().queryKey)?.[0]?.cashInHand).toBe(55);
      const report = queryClient.getQueryData(teamQueries.cashReport('2025-01-01').queryKey);
      expect(report?.totals.closingInHand).toBe(55);
    });
    expect(queryClient.getQueryState(ledger)?.isInvalidated).toBe(true);
    for (const observer of shown) observer.destroy();
  });
});

describe("the seller's live backup alerts", () => {
  const backups = (failure: BackupFailure | null): BackupsAnswer => ({
    success: true,
    backups: [],
    running: false,
    failure,
    dir: '/data/backups',
    everyHours: 6,
    keep: 14,
  });

  it('a failed backup toasts its reason, alerts the desktop app and asks the Backups screen again', async () => {
    await connect();
    mocks.getBackups.mockResolvedValue(backups(null));
    const shown = new QueryObserver(queryClient, backupQueries.backups());
    shown.subscribe(() => {});
    await vi.waitFor(() => expect(shown.getCurrentResult().isSuccess).toBe(true));

    const failure = {
      at: '2025-06-01T08:00:00.000Z',
      message: 'pg_dump: error: could not write: No space left on device\nmore lines',
    };
    mocks.getBackups.mockResolvedValue(backups(failure));
    socket.fire('backup:failed', failure);

    expect(mocks.toast.error).toHaveBeenCalledWith(
      'Backup failed: pg_dump: error: could not write: No space left on device',
    );
    expect(mocks.desktop.backupFailed).toHaveBeenCalledWith(failure);
    await vi.waitFor(() => expect(shown.getCurrentResult().data?.failure).toEqual(failure));
    shown.destroy();
  });
});

describe("the seller's live khata", () => {
  it('a khata entry asks the dashboard again, for its "to collect"', async () => {
    await connect();
    const dashboard = ['seller', 'dashboard', '2026-12-01', '2026-12-06'];
    queryClient.setQueryData(dashboard, { toCollect: 0 });
    socket.fire('khata:updated', aKhataCustomer({ balance: 120 }));
    expect(queryClient.getQueryState(dashboard)?.isInvalidated).toBe(true);
  });
});
