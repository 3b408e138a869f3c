import {
  SELLER_MESSAGES,
  SHOP_MESSAGES,
  orderNumber,
  type SellerOrder,
  type SellerOrderAnswer,
  type SellerOrdersAnswer,
} from '@kirana/shared';
import { InfiniteQueryObserver, MutationObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../lib/api-client';
import type * as DesktopBridge from '../../../../../lib/desktop-bridge';
import { queryClient } from '../../../../../lib/query-client';
import { store } from '../../../../../lib/store';
import { anOrder, at } from '../../../../../test/orders';
import { settled } from '../../../../../test/socket';
import { ordersOf, type SellerOrderPages } from '../order-list';
import { sellerOrderMutations } from '../mutations';
import { sellerOrderQueries } from '../queries';
import { orderUnaccepted } from '../live-events';
import { refreshSellerOrders, SELLER_ORDERS_KEY } from '../order-cache';
import { acknowledgeShownOrdersAtom, forgetAcknowledgedAtom } from './orders';
import { sellerAuthAtom } from '../../../session/seller-auth';

const mocks = vi.hoisted(() => ({
  getSellerOrders: vi.fn<(page: number, limit: number) => Promise<SellerOrdersAnswer>>(),
  releaseOrder: vi.fn<(body: { orderId: string }) => Promise<SellerOrderAnswer>>(),
  cancelOrder: vi.fn<(body: { orderId: string; reason: string }) => Promise<SellerOrderAnswer>>(),
  assignOrder: vi.fn<(body: { orderId: string; agentId: string }) => Promise<SellerOrderAnswer>>(),
  desktop: {
    newOrders: vi.fn(async (_orders: SellerOrder[]) => {}),
    unacceptedOrder: vi.fn(async (_order: SellerOrder) => {}),
    acknowledgeOrders: vi.fn(async (_ids: string[]) => {}),
    printPackingSlip: vi.fn(),
  },
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() },
}));

vi.mock('../api/get-seller-orders', () => ({ getSellerOrders: mocks.getSellerOrders }));
vi.mock('../api/release-order', () => ({ releaseOrder: mocks.releaseOrder }));
vi.mock('../api/cancel-order', () => ({ cancelOrder: mocks.cancelOrder }));
vi.mock('../api/assign-order', () => ({ assignOrder: mocks.assignOrder }));
vi.mock('../../../../../lib/desktop-bridge', async (real) => ({
  ...(await real<typeof DesktopBridge>()),
  desktop: mocks.desktop,
}));
vi.mock('../../../../../lib/toast', () => ({ toast: mocks.toast }));

/** The server's pages: `pages[n - 1]` answers page n; later pages are empty. */
function serverHolds(pages: SellerOrder[][]) {
  mocks.getSellerOrders.mockImplementation(async (page) => ({
    success: true,
    orders: pages[page - 1] ?? [],
    page,
    hasMore: page < pages.length,
  }));
}

const ids = (orders: readonly SellerOrder[]) => orders.map((order) => order._id);
const held = () => ordersOf(queryClient.getQueryData<SellerOrderPages>(SELLER_ORDERS_KEY));

let observer: InfiniteQueryObserver<
  SellerOrdersAnswer,
  Error,
  SellerOrderPages,
  typeof SELLER_ORDERS_KEY,
  number
>;
let unsubscribe: () => void;

/** The orders on screen, as the seller layout holds them: loaded now, kept active. */
async function showOrders() {
  observer = new InfiniteQueryObserver(queryClient, sellerOrderQueries.orders());
  unsubscribe = observer.subscribe(() => {});
  await settled();
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
}

const refresh = async () => {
  await refreshSellerOrders(queryClient);
};

/** Runs one of the seller's order changes; resolves whether it was made. */
const change = <Asked>(
  options: ReturnType<(typeof sellerOrderMutations)[keyof typeof sellerOrderMutations]>,
  asked: Asked,
) =>
  new MutationObserver(queryClient, options as never).mutate(asked as never).then(
    () => true,
    () => false,
  );

beforeEach(() => {
  vi.clearAllMocks();
  queryClient.clear();
  store.set(sellerAuthAtom, 'in');
  store.set(forgetAcknowledgedAtom);
});

afterEach(() => unsubscribe?.());

describe('the seller order feed', () => {
  it('announces nothing on the first load, then only orders a refresh brings that were not held', async () => {
    const [older, old] = [anOrder(1), anOrder(2)];
    serverHolds([[old, older]]);
    await showOrders();

    expect(ids(held())).toEqual(ids([old, older]));
    expect(mocks.desktop.newOrders).not.toHaveBeenCalled();

    const fresh = anOrder(3);
    serverHolds([[fresh, old, older]]);
    await refresh();

    expect(mocks.desktop.newOrders).toHaveBeenCalledExactlyOnceWith([fresh]);
    expect(ids(held())).toEqual(ids([fresh, old, older]));

    await refresh();
    expect(mocks.desktop.newOrders).toHaveBeenCalledTimes(1);
  });

  it("does not announce older orders from 'Load more', and stops offering it on the last page", async () => {
    const [a, b, c] = [anOrder(1), anOrder(2), anOrder(3)];
    serverHolds([[c, b], [a]]);
    await showOrders();
    expect(observer.getCurrentResult().hasNextPage).toBe(true);

    await observer.fetchNextPage();

    expect(ids(held())).toEqual(ids([c, b, a]));
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    expect(mocks.desktop.newOrders).not.toHaveBeenCalled();
  });

  it('refreshes every page loaded so far, so updates to older orders show too', async () => {
    const [a, b, c] = [anOrder(1), anOrder(2), anOrder(3)];
    serverHolds([[c, b], [a]]);
    await showOrders();
    await observer.fetchNextPage();

    const delivered = { ...a, status: 'Delivered' as const, updatedAt: '2025-01-01T12:00:00.000Z' };
    serverHolds([[c, b], [delivered]]);
    mocks.getSellerOrders.mockClear();
    await refresh();

    expect(mocks.getSellerOrders.mock.calls.map(([page]) => page)).toEqual([1, 2]);
    expect(held()[2]?.status).toBe('Delivered');
  });

  it('holds each order once when a new one shifts the pages under it', async () => {
    const [a, b, c] = [anOrder(1), anOrder(2), anOrder(3)];
    serverHolds([[c, b], [a]]);
    await showOrders();
    await observer.fetchNextPage();

    const fresh = anOrder(4);
    serverHolds([
      [fresh, c],
      [b, a],
    ]);
    await refresh();

    expect(ids(held())).toEqual(ids([fresh, c, b, a]));
    expect(mocks.desktop.newOrders).toHaveBeenCalledExactlyOnceWith([fresh]);
  });

  it('shares one request between refreshes asked for at the same time', async () => {
    serverHolds([[anOrder(1)]]);
    await showOrders();
    mocks.getSellerOrders.mockClear();
    await Promise.all([refresh(), refresh()]);
    expect(mocks.getSellerOrders).toHaveBeenCalledTimes(1);
  });

  it('acknowledges each shown order to the desktop app once', async () => {
    const [a, b, c] = [anOrder(1), anOrder(2), anOrder(3)];
    store.set(acknowledgeShownOrdersAtom, [b, a]);
    store.set(acknowledgeShownOrdersAtom, [b, a]);
    expect(mocks.desktop.acknowledgeOrders).toHaveBeenCalledExactlyOnceWith(ids([b, a]));

    store.set(acknowledgeShownOrdersAtom, [c, b, a]);
    expect(mocks.desktop.acknowledgeOrders).toHaveBeenLastCalledWith([c._id]);
  });

  it("toasts 'Failed to load orders' once while the network stays down, and the server's message when it sent one", async () => {
    mocks.getSellerOrders.mockRejectedValue(new ApiError('Could not reach the store.', 0));
    await showOrders();
    await refresh();

    expect(observer.getCurrentResult().isError).toBe(true);
    expect(held()).toEqual([]);
    expect(mocks.toast.error).toHaveBeenCalledExactlyOnceWith(SELLER_MESSAGES.loadOrdersFailed);

    serverHolds([[anOrder(1)]]);
    await refresh();
    mocks.getSellerOrders.mockRejectedValue(new ApiError('limit must be a whole number', 400));
    await refresh();
    expect(mocks.toast.error).toHaveBeenLastCalledWith('limit must be a whole number');
    expect(held()).toHaveLength(1);
  });

  it('shows the login form again when the session has ended', async () => {
    mocks.getSellerOrders.mockRejectedValue(new ApiError('Please log in as the seller', 401));
    await showOrders();

    expect(store.get(sellerAuthAtom)).toBe('out');
    expect(mocks.toast.error).toHaveBeenCalledExactlyOnceWith('Please log in as the seller');
  });

  it('drops an answer that arrives after the seller data is forgotten (a logout meanwhile)', async () => {
    serverHolds([[anOrder(1)]]);
    const pending = queryClient.fetchInfiniteQuery(sellerOrderQueries.orders());
    queryClient.removeQueries({ queryKey: ['seller'] });
    await pending.catch(() => {});

    expect(queryClient.getQueryData(SELLER_ORDERS_KEY)).toBeUndefined();
  });
});

describe('taking an order back from its agent', () => {
  const agent = { _id: '0190a5b2-7c3e-7a10-b000-000000000001', name: 'Ravi', phone: '9800000001' };

  it('shows the order back in the pool, as the server answered, and toasts its message', async () => {
    const order = anOrder<SellerOrder>(1, { assignedTo: agent, status: 'Picked' });
    serverHolds([[order]]);
    await showOrders();
    const released = {
      ...order,
      assignedTo: null,
      status: 'Order Placed' as const,
      updatedAt: at(9),
    };
    mocks.releaseOrder.mockResolvedValue({
      success: true,
      message: 'Order taken back: it is open for the agents again',
      order: released,
    });

    await expect(change(sellerOrderMutations.takeBack(), order._id)).resolves.toBe(true);

    expect(mocks.releaseOrder).toHaveBeenCalledWith({ orderId: order._id });
    expect(held()).toEqual([released]);
    expect(mocks.toast.success).toHaveBeenCalledWith(
      'Order taken back: it is open for the agents again',
    );
  });

  it("toasts the server's refusal and fetches the orders again, as the order changed meanwhile", async () => {
    const order = anOrder<SellerOrder>(1, { assignedTo: agent });
    serverHolds([[order]]);
    await showOrders();
    const delivered = { ...order, status: 'Delivered' as const, isPaid: true, updatedAt: at(9) };
    serverHolds([[delivered]]);
    mocks.releaseOrder.mockRejectedValue(new ApiError('Order is no longer open for delivery', 409));

    await expect(change(sellerOrderMutations.takeBack(), order._id)).resolves.toBe(false);

    expect(mocks.toast.error).toHaveBeenCalledWith('Order is no longer open for delivery');
    await vi.waitFor(() => expect(held()).toEqual([delivered]));
  });

  it("says 'Failed to take the order back' when the server could not be reached", async () => {
    mocks.releaseOrder.mockRejectedValue(new ApiError('Could not reach the store.', 0));
    await expect(change(sellerOrderMutations.takeBack(), anOrder(1)._id)).resolves.toBe(false);
    expect(mocks.toast.error).toHaveBeenCalledWith(SELLER_MESSAGES.takeBackFailed);
  });

  it('shows the login form again when the session has ended', async () => {
    mocks.releaseOrder.mockRejectedValue(new ApiError('Please log in as the seller', 401));
    await change(sellerOrderMutations.takeBack(), anOrder(1)._id);
    expect(store.get(sellerAuthAtom)).toBe('out');
  });
});

describe('cancelling, assigning, and the no-agent alert', () => {
  const agent = { _id: '0190a5b2-7c3e-7a10-b000-000000000001', name: 'Ravi', phone: '9800000001' };

  it('cancels with the reason given and shows the order as the server answered', async () => {
    const order = anOrder<SellerOrder>(1);
    serverHolds([[order]]);
    await showOrders();
    const cancelled = {
      ...order,
      status: 'Cancelled' as const,
      cancelledBy: 'seller' as const,
      cancelReason: 'Out of range',
      updatedAt: at(9),
    };
    mocks.cancelOrder.mockResolvedValue({
      success: true,
      message: SHOP_MESSAGES.orderCancelled,
      order: cancelled,
    });

    await expect(
      change(sellerOrderMutations.cancel(), { orderId: order._id, reason: 'Out of range' }),
    ).resolves.toBe(true);
    expect(mocks.cancelOrder).toHaveBeenCalledWith({ orderId: order._id, reason: 'Out of range' });
    expect(held()).toEqual([cancelled]);
    expect(mocks.toast.success).toHaveBeenCalledWith('Order cancelled');
  });

  it("says 'Failed to cancel the order' or 'Failed to assign the order' when the server could not be reached", async () => {
    mocks.cancelOrder.mockRejectedValue(new ApiError('Could not reach the store.', 0));
    mocks.assignOrder.mockRejectedValue(new ApiError('Could not reach the store.', 0));
    await change(sellerOrderMutations.cancel(), { orderId: anOrder(1)._id, reason: 'x' });
    await change(sellerOrderMutations.assign(), { orderId: anOrder(1)._id, agentId: agent._id });
    expect(mocks.toast.error.mock.calls).toEqual([
      [SHOP_MESSAGES.cancelFailed],
      [SELLER_MESSAGES.assignFailed],
    ]);
  });

  it('assigns to the agent chosen', async () => {
    const order = anOrder<SellerOrder>(1);
    serverHolds([[order]]);
    await showOrders();
    const assigned = { ...order, assignedTo: agent, updatedAt: at(9) };
    mocks.assignOrder.mockResolvedValue({
      success: true,
      message: 'Order assigned to Ravi',
      order: assigned,
    });
    await change(sellerOrderMutations.assign(), { orderId: order._id, agentId: agent._id });
    expect(held()).toEqual([assigned]);
    expect(mocks.toast.success).toHaveBeenCalledWith('Order assigned to Ravi');
  });

  it('an order still without an agent is merged in and alerted at the counter', async () => {
    const order = anOrder<SellerOrder>(1);
    serverHolds([[order]]);
    await showOrders();
    const again = { ...order, updatedAt: at(9) };

    orderUnaccepted(queryClient, again);

    expect(held()).toEqual([again]);
    expect(mocks.toast.warning).toHaveBeenCalledWith(
      `No agent for order #${orderNumber(order._id)}`,
    );
    expect(mocks.desktop.unacceptedOrder).toHaveBeenCalledWith(again);
    expect(mocks.desktop.newOrders).not.toHaveBeenCalled();
  });
});

describe('printing a packing slip', () => {
  it('hands the order to the desktop app, and toasts why it could not print', async () => {
    const order = anOrder(1);
    mocks.desktop.printPackingSlip.mockResolvedValueOnce({ printed: true });
    await expect(change(sellerOrderMutations.printPackingSlip(), order)).resolves.toBe(true);
    expect(mocks.desktop.printPackingSlip).toHaveBeenCalledWith(order);
    expect(mocks.toast.error).not.toHaveBeenCalled();

    mocks.desktop.printPackingSlip.mockResolvedValueOnce({ printed: false, reason: 'No printer' });
    await expect(change(sellerOrderMutations.printPackingSlip(), order)).resolves.toBe(false);
    expect(mocks.toast.error).toHaveBeenCalledWith('No printer');
  });
});
