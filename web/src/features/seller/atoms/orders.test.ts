import {
  SELLER_MESSAGES,
  SHOP_MESSAGES,
  orderNumber,
  type SellerOrder,
  type SellerOrderAnswer,
  type SellerOrdersAnswer,
} from '@kirana/shared';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { anOrder, at } from '../../../test/orders';
import {
  acknowledgeShownOrdersAtom,
  assignOrderAtom,
  cancelOrderAtom,
  loadMoreOrdersAtom,
  ordersHasMoreAtom,
  ordersLoadStateAtom,
  receiveUnacceptedOrderAtom,
  refreshOrdersAtom,
  resetOrdersAtom,
  sellerOrdersAtom,
  takeOrderBackAtom,
} from './orders';
import { sellerAuthAtom } from './seller-auth';

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
vi.mock('../../../lib/desktop-bridge', () => ({ desktop: mocks.desktop }));
vi.mock('../../../lib/toast', () => ({ toast: mocks.toast }));

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

let store: ReturnType<typeof createStore>;

beforeEach(() => {
  vi.clearAllMocks();
  store = createStore();
  store.set(sellerAuthAtom, 'in');
});

describe('the seller order feed', () => {
  it('announces nothing on the first load, then only orders a refresh brings that were not held', async () => {
    const [older, old] = [anOrder(1), anOrder(2)];
    serverHolds([[old, older]]);
    await store.set(refreshOrdersAtom);

    expect(ids(store.get(sellerOrdersAtom))).toEqual(ids([old, older]));
    expect(store.get(ordersLoadStateAtom)).toBe('ready');
    expect(mocks.desktop.newOrders).not.toHaveBeenCalled();

    const fresh = anOrder(3);
    serverHolds([[fresh, old, older]]);
    await store.set(refreshOrdersAtom);

    expect(mocks.desktop.newOrders).toHaveBeenCalledExactlyOnceWith([fresh]);
    expect(ids(store.get(sellerOrdersAtom))).toEqual(ids([fresh, old, older]));

    await store.set(refreshOrdersAtom);
    expect(mocks.desktop.newOrders).toHaveBeenCalledTimes(1);
  });

  it("does not announce older orders from 'Load more', and stops offering it on the last page", async () => {
    const [a, b, c] = [anOrder(1), anOrder(2), anOrder(3)];
    serverHolds([[c, b], [a]]);
    await store.set(refreshOrdersAtom);
    expect(store.get(ordersHasMoreAtom)).toBe(true);

    await store.set(loadMoreOrdersAtom);

    expect(ids(store.get(sellerOrdersAtom))).toEqual(ids([c, b, a]));
    expect(store.get(ordersHasMoreAtom)).toBe(false);
    expect(mocks.desktop.newOrders).not.toHaveBeenCalled();
  });

  it('refreshes every page loaded so far, so updates to older orders show too', async () => {
    const [a, b, c] = [anOrder(1), anOrder(2), anOrder(3)];
    serverHolds([[c, b], [a]]);
    await store.set(refreshOrdersAtom);
    await store.set(loadMoreOrdersAtom);

    const delivered = { ...a, status: 'Delivered' as const, updatedAt: '2025-01-01T12:00:00.000Z' };
    serverHolds([[c, b], [delivered]]);
    mocks.getSellerOrders.mockClear();
    await store.set(refreshOrdersAtom);

    expect(mocks.getSellerOrders.mock.calls.map(([page]) => page)).toEqual([1, 2]);
    expect(store.get(sellerOrdersAtom)[2]?.status).toBe('Delivered');
  });

  it('shares one request between refreshes asked for at the same time', async () => {
    serverHolds([[anOrder(1)]]);
    await Promise.all([store.set(refreshOrdersAtom), store.set(refreshOrdersAtom)]);
    expect(mocks.getSellerOrders).toHaveBeenCalledTimes(1);
  });

  it('acknowledges each shown order to the desktop app once', async () => {
    const [a, b] = [anOrder(1), anOrder(2)];
    serverHolds([[b, a]]);
    await store.set(refreshOrdersAtom);

    store.set(acknowledgeShownOrdersAtom);
    store.set(acknowledgeShownOrdersAtom);
    expect(mocks.desktop.acknowledgeOrders).toHaveBeenCalledExactlyOnceWith(ids([b, a]));

    const c = anOrder(3);
    serverHolds([[c, b, a]]);
    await store.set(refreshOrdersAtom);
    store.set(acknowledgeShownOrdersAtom);
    expect(mocks.desktop.acknowledgeOrders).toHaveBeenLastCalledWith([c._id]);
  });

  it("toasts 'Failed to load orders' once while the network stays down, and the server's message when it sent one", async () => {
    mocks.getSellerOrders.mockRejectedValue(new ApiError('Could not reach the store.', 0));
    await store.set(refreshOrdersAtom);
    await store.set(refreshOrdersAtom);

    expect(store.get(ordersLoadStateAtom)).toBe('failed');
    expect(mocks.toast.error).toHaveBeenCalledExactlyOnceWith(SELLER_MESSAGES.loadOrdersFailed);

    serverHolds([[anOrder(1)]]);
    await store.set(refreshOrdersAtom);
    mocks.getSellerOrders.mockRejectedValue(new ApiError('limit must be a whole number', 400));
    await store.set(refreshOrdersAtom);
    expect(mocks.toast.error).toHaveBeenLastCalledWith('limit must be a whole number');
    expect(store.get(ordersLoadStateAtom)).toBe('ready');
  });

  it('shows the login form again when the session has ended', async () => {
    mocks.getSellerOrders.mockRejectedValue(new ApiError('Please log in as the seller', 401));
    await store.set(refreshOrdersAtom);

    expect(store.get(sellerAuthAtom)).toBe('out');
    expect(mocks.toast.error).toHaveBeenCalledExactlyOnceWith('Please log in as the seller');
  });

  it('drops an answer that arrives after a reset (a logout meanwhile)', async () => {
    serverHolds([[anOrder(1)]]);
    const pending = store.set(refreshOrdersAtom);
    store.set(resetOrdersAtom);
    await pending;

    expect(store.get(sellerOrdersAtom)).toEqual([]);
    expect(store.get(ordersLoadStateAtom)).toBe('idle');
  });
});

describe('taking an order back from its agent', () => {
  const agent = { _id: '0190a5b2-7c3e-7a10-b000-000000000001', name: 'Ravi', phone: '9800000001' };

  it('shows the order back in the pool, as the server answered, and toasts its message', async () => {
    const held = anOrder<SellerOrder>(1, { assignedTo: agent, status: 'Picked' });
    serverHolds([[held]]);
    await store.set(refreshOrdersAtom);
    const released = {
      ...held,
      assignedTo: null,
      status: 'Order Placed' as const,
      updatedAt: at(9),
    };
    mocks.releaseOrder.mockResolvedValue({
      success: true,
      message: 'Order taken back: it is open for the agents again',
      order: released,
    });

    await expect(store.set(takeOrderBackAtom, held._id)).resolves.toBe(true);

    expect(mocks.releaseOrder).toHaveBeenCalledWith({ orderId: held._id });
    expect(store.get(sellerOrdersAtom)).toEqual([released]);
    expect(mocks.toast.success).toHaveBeenCalledWith(
      'Order taken back: it is open for the agents again',
    );
  });

  it("toasts the server's refusal and fetches the orders again, as the order changed meanwhile", async () => {
    const held = anOrder<SellerOrder>(1, { assignedTo: agent });
    serverHolds([[held]]);
    await store.set(refreshOrdersAtom);
    const delivered = { ...held, status: 'Delivered' as const, isPaid: true, updatedAt: at(9) };
    serverHolds([[delivered]]);
    mocks.releaseOrder.mockRejectedValue(new ApiError('Order is no longer open for delivery', 409));

    await expect(store.set(takeOrderBackAtom, held._id)).resolves.toBe(false);

    expect(mocks.toast.error).toHaveBeenCalledWith('Order is no longer open for delivery');
    await vi.waitFor(() => expect(store.get(sellerOrdersAtom)).toEqual([delivered]));
  });

  it("says 'Failed to take the order back' when the server could not be reached", async () => {
    mocks.releaseOrder.mockRejectedValue(new ApiError('Could not reach the store.', 0));
    serverHolds([[]]);
    await expect(store.set(takeOrderBackAtom, anOrder(1)._id)).resolves.toBe(false);
    expect(mocks.toast.error).toHaveBeenCalledWith(SELLER_MESSAGES.takeBackFailed);
  });

  it('shows the login form again when the session has ended', async () => {
    mocks.releaseOrder.mockRejectedValue(new ApiError('Please log in as the seller', 401));
    await store.set(takeOrderBackAtom, anOrder(1)._id);
    expect(store.get(sellerAuthAtom)).toBe('out');
  });
});

describe('cancelling, assigning, and the no-agent alert', () => {
  const agent = { _id: '0190a5b2-7c3e-7a10-b000-000000000001', name: 'Ravi', phone: '9800000001' };

  it('cancels with the reason given and shows the order as the server answered', async () => {
    const held = anOrder<SellerOrder>(1);
    serverHolds([[held]]);
    await store.set(refreshOrdersAtom);
    const cancelled = {
      ...held,
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
      store.set(cancelOrderAtom, { orderId: held._id, reason: 'Out of range' }),
    ).resolves.toBe(true);
    expect(mocks.cancelOrder).toHaveBeenCalledWith({ orderId: held._id, reason: 'Out of range' });
    expect(store.get(sellerOrdersAtom)).toEqual([cancelled]);
    expect(mocks.toast.success).toHaveBeenCalledWith('Order cancelled');
  });

  it("says 'Failed to cancel the order' or 'Failed to assign the order' when the server could not be reached", async () => {
    serverHolds([[]]);
    mocks.cancelOrder.mockRejectedValue(new ApiError('Could not reach the store.', 0));
    mocks.assignOrder.mockRejectedValue(new ApiError('Could not reach the store.', 0));
    await store.set(cancelOrderAtom, { orderId: anOrder(1)._id, reason: 'x' });
    await store.set(assignOrderAtom, { orderId: anOrder(1)._id, agentId: agent._id });
    expect(mocks.toast.error.mock.calls).toEqual([
      [SHOP_MESSAGES.cancelFailed],
      [SELLER_MESSAGES.assignFailed],
    ]);
  });

  it('assigns to the agent chosen', async () => {
    const held = anOrder<SellerOrder>(1);
    serverHolds([[held]]);
    await store.set(refreshOrdersAtom);
    const assigned = { ...held, assignedTo: agent, updatedAt: at(9) };
    mocks.assignOrder.mockResolvedValue({
      success: true,
      message: 'Order assigned to Ravi',
      order: assigned,
    });
    await store.set(assignOrderAtom, { orderId: held._id, agentId: agent._id });
    expect(store.get(sellerOrdersAtom)).toEqual([assigned]);
    expect(mocks.toast.success).toHaveBeenCalledWith('Order assigned to Ravi');
  });

  it('an order still without an agent is merged in and alerted at the counter', async () => {
    const held = anOrder<SellerOrder>(1);
    serverHolds([[held]]);
    await store.set(refreshOrdersAtom);
    const again = { ...held, updatedAt: at(9) };

    store.set(receiveUnacceptedOrderAtom, again);

    expect(store.get(sellerOrdersAtom)).toEqual([again]);
    expect(mocks.toast.warning).toHaveBeenCalledWith(
      `No agent for order #${orderNumber(held._id)}`,
    );
    expect(mocks.desktop.unacceptedOrder).toHaveBeenCalledWith(again);
    expect(mocks.desktop.newOrders).not.toHaveBeenCalled();
  });
});
