import { orderNumber } from '@kirana/shared';
import type { AgentOrder } from '@kirana/shared';
import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNREACHABLE_MESSAGE } from '../../../../lib/api-client';
import { store } from '../../../../lib/store';
import type {
  CheckoutCallbacks,
  CheckoutRequest,
} from '../../../../common/payments/checkout-options';
import { CheckoutScriptError } from '../../../../common/payments/load-checkout-script';
import { agentSessionAtom, offlineAtom } from '../../session/session-state';
import type { OrderAction } from './order-actions';
import { agentOrderMutations, isChanging, runningChanges, type OrderChange } from './mutations';
import { agentOrdersKey, agentQueries, createAgentQueryClient } from '../../queries';
import { anAgentOrder, at, ME } from '../../test/orders';

const mocks = vi.hoisted(() => ({
  prepareCheckout: vi.fn(),
  createCollectionOrder: vi.fn(),
  verifyCollection: vi.fn(),
  getVisibleOrders: vi.fn(),
  acceptOrder: vi.fn(),
  updateOrderStatus: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));

vi.mock('../../../../common/payments/checkout', () => ({ prepareCheckout: mocks.prepareCheckout }));
vi.mock('./api/create-collection-order', () => ({
  createCollectionOrder: mocks.createCollectionOrder,
}));
vi.mock('./api/verify-collection', () => ({ verifyCollection: mocks.verifyCollection }));
vi.mock('../../api/get-visible-orders', () => ({ getVisibleOrders: mocks.getVisibleOrders }));
vi.mock('./api/accept-order', () => ({ acceptOrder: mocks.acceptOrder }));
vi.mock('./api/update-order-status', () => ({ updateOrderStatus: mocks.updateOrderStatus }));
vi.mock('../../../../lib/toast', () => ({ toast: mocks.toast }));

const COLLECT = { kind: 'collect-online' } as const;
const paid = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_1',
  razorpay_signature: 'signed',
};

/** Checkout as the agent's phone shows it: what it was opened with, and the payer's moves. */
let opened: { request: CheckoutRequest; callbacks: CheckoutCallbacks }[];
let client: QueryClient;
let stopObserving: () => void;
let order: AgentOrder;

/** What is running on `order`, as its card's button reads it (see useOrderChanges). */
const running = () =>
  client
    .getMutationCache()
    .findAll(runningChanges(ME, order._id))
    .map((mutation) => (mutation.state.variables as OrderChange).action.kind)[0] ?? null;

const held = () => client.getQueryData<readonly AgentOrder[]>(agentOrdersKey(ME));

/**
 * A tap on `action` of `target`, as useOrderChanges runs it: nothing while a change of that
 * order runs, else the action's mutation. Resolves once it has ended.
 */
async function tap(target: AgentOrder, action: OrderAction): Promise<void> {
  if (isChanging(client, ME, target._id)) return;
  if (action.kind === 'collect-online') {
    const observer = new MutationObserver(client, agentOrderMutations.collectOnline(ME));
    await observer.mutate({ order: target, action });
  } else {
    const observer = new MutationObserver(client, agentOrderMutations.step(ME));
    await observer.mutate({ order: target, action }).catch(() => undefined);
  }
}

beforeEach(() => {
  vi.clearAllMocks();
  opened = [];
  mocks.prepareCheckout.mockResolvedValue({
    open: (request: CheckoutRequest, callbacks: CheckoutCallbacks) =>
      opened.push({ request, callbacks }),
  });
  order = anAgentOrder(1, { assignedTo: ME, status: 'Picked', amount: 102.5 });
  mocks.createCollectionOrder.mockResolvedValue({
    success: true,
    order: { id: 'order_1', amount: 10250, currency: 'INR' },
    orderId: order._id,
  });
  store.set(agentSessionAtom, { state: 'in', agent: { _id: ME, name: 'Ravi' } });
  store.set(offlineAtom, false);
  client = createAgentQueryClient();
  const observer = new QueryObserver(client, { ...agentQueries.orders(ME), enabled: false });
  stopObserving = observer.subscribe(() => {});
  client.setQueryData(agentOrdersKey(ME), [order]);
});

afterEach(() => {
  stopObserving();
  client.clear();
});

describe('collecting a cash-on-delivery order online at the door', () => {
  it('opens Checkout for the order, prefilled with the customer, then the paid order replaces the listed one', async () => {
    const run = tap(order, COLLECT);
    await vi.waitFor(() => expect(opened).toHaveLength(1));

    expect(mocks.createCollectionOrder).toHaveBeenCalledWith(order);
    expect(opened[0]!.request).toEqual({
      providerOrder: { id: 'order_1', amount: 10250, currency: 'INR' },
      description: `Order #${orderNumber(order._id)}`,
      prefill: { name: 'Priya Sharma', email: 'priya@example.com', contact: '9812345678' },
    });
    expect(running()).toBe('collect-online');

    const paidOrder = { ...order, isPaid: true, paidVia: 'online' as const, updatedAt: at(9) };
    mocks.verifyCollection.mockResolvedValue(paidOrder);
    opened[0]!.callbacks.onPaid(paid);
    await run;

    expect(mocks.verifyCollection).toHaveBeenCalledWith({ ...paid, orderId: order._id });
    expect(held()).toEqual([paidOrder]);
    expect(mocks.toast.success).toHaveBeenCalledWith('Payment successful!');
    expect(running()).toBeNull();
  });

  it('ignores a second tap while Checkout is open', async () => {
    const run = tap(order, COLLECT);
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    await tap(order, COLLECT);
    await tap(order, { kind: 'collect-cash' });
    expect(mocks.createCollectionOrder).toHaveBeenCalledOnce();

    opened[0]!.callbacks.onDismiss();
    await run;
    expect(running()).toBeNull();
  });

  it('toasts Payment failed for a failed attempt and waits, as Checkout stays open', async () => {
    const run = tap(order, COLLECT);
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    opened[0]!.callbacks.onFailed({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Declined' },
    });
    expect(mocks.toast.error).toHaveBeenCalledWith('Payment failed');
    expect(running()).toBe('collect-online');

    opened[0]!.callbacks.onDismiss();
    await run;
    expect(mocks.verifyCollection).not.toHaveBeenCalled();
    expect(held()).toEqual([order]);
  });

  it('says the Razorpay order could not be created, or the server’s reason', async () => {
    mocks.createCollectionOrder.mockRejectedValueOnce(new ApiError('Internal', 500));
    mocks.createCollectionOrder.mockRejectedValueOnce(
      new ApiError('The store could not answer (HTTP 502).', 502),
    );
    await tap(order, COLLECT);
    await tap(order, COLLECT);
    expect(mocks.toast.error.mock.calls).toEqual([
      ['Internal'],
      ['Failed to create Razorpay order'],
    ]);
    expect(opened).toHaveLength(0);
  });

  it('creates nothing when the payment window cannot be loaded', async () => {
    mocks.prepareCheckout.mockRejectedValueOnce(
      new CheckoutScriptError(
        'The script did not load',
        'https://checkout.razorpay.com/v1/checkout.js',
      ),
    );
    await tap(order, COLLECT);
    expect(mocks.createCollectionOrder).not.toHaveBeenCalled();
    expect(mocks.toast.error).toHaveBeenCalledWith(
      'The payment window could not be loaded. Check your connection and try again.',
    );
    expect(running()).toBeNull();
  });

  it('tells a refused verification from one that got no answer', async () => {
    for (const [error, text] of [
      [new ApiError('The store could not answer (HTTP 400).', 400), 'Payment verification failed.'],
      [new ApiError(UNREACHABLE_MESSAGE, 0), 'Error during payment verification.'],
    ] as const) {
      opened = [];
      mocks.verifyCollection.mockRejectedValueOnce(error);
      const run = tap(order, COLLECT);
      await vi.waitFor(() => expect(opened).toHaveLength(1));
      opened[0]!.callbacks.onPaid(paid);
      await run;
      expect(mocks.toast.error).toHaveBeenLastCalledWith(text);
    }
    expect(store.get(offlineAtom)).toBe(true);
    expect(held()).toEqual([order]);
  });
});

describe("the agent's steps on an order", () => {
  it('lays the accepted order in, and the button is running only meanwhile', async () => {
    const open = anAgentOrder(2);
    client.setQueryData(agentOrdersKey(ME), [open, order]);
    const accepted = { ...open, assignedTo: ME, updatedAt: at(9) };
    let answer: (order: AgentOrder) => void = () => undefined;
    mocks.acceptOrder.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    const run = tap(open, { kind: 'accept' });
    const pendingOf = () => client.getMutationCache().findAll(runningChanges(ME, open._id)).length;
    expect(pendingOf()).toBe(1);
    // A second tap while it runs sends nothing.
    await tap(open, { kind: 'accept' });
    expect(mocks.acceptOrder).toHaveBeenCalledOnce();

    answer(accepted);
    await run;
    expect(held()).toEqual([accepted, order]);
    expect(pendingOf()).toBe(0);
    expect(mocks.toast.success).toHaveBeenCalledWith('Order accepted');
  });

  it('does not roll the card back when a live event brought a newer copy before the answer', async () => {
    const delivered = { ...order, status: 'Delivered' as const, isPaid: true, updatedAt: at(30) };
    mocks.updateOrderStatus.mockImplementation(async () => {
      // The live order:updated of a later change lands while the call is answered.
      client.setQueryData(agentOrdersKey(ME), [delivered]);
      return { ...order, status: 'Delivered' as const, updatedAt: at(20) };
    });

    await tap(order, { kind: 'status', to: 'Delivered' });

    expect(held()).toEqual([delivered]);
  });

  it('fetches the orders again when the order had changed meanwhile (another agent took it)', async () => {
    const open = anAgentOrder(2);
    client.setQueryData(agentOrdersKey(ME), [open, order]);
    mocks.acceptOrder.mockRejectedValue(
      new ApiError('Order already accepted', 409, { code: 'ALREADY_TAKEN' }),
    );
    mocks.getVisibleOrders.mockResolvedValue([order]);

    await tap(open, { kind: 'accept' });
    await vi.waitFor(() => expect(held()).toEqual([order]));
    expect(mocks.toast.error).toHaveBeenCalledOnce();
  });

  it('raises the offline banner when the server cannot be reached, the card unchanged', async () => {
    mocks.updateOrderStatus.mockRejectedValue(new ApiError(UNREACHABLE_MESSAGE, 0));
    await tap(order, { kind: 'status', to: 'Delivered' });
    expect(store.get(offlineAtom)).toBe(true);
    expect(held()).toEqual([order]);
    expect(mocks.toast.error).toHaveBeenCalledWith('Failed to update status');
  });
});

describe('delivering with the customer’s PIN', () => {
  const deliver = (pin: string) =>
    new MutationObserver(client, agentOrderMutations.deliverWithPin(ME))
      .mutate({ order, action: { kind: 'status', to: 'Delivered' }, pin })
      .catch(() => ({ kind: 'done' }) as const);

  it('lays the delivered order in', async () => {
    const delivered = { ...order, status: 'Delivered' as const, updatedAt: at(9) };
    mocks.updateOrderStatus.mockResolvedValue(delivered);

    expect(await deliver('1234')).toEqual({ kind: 'delivered', order: delivered });
    expect(mocks.updateOrderStatus).toHaveBeenCalledWith(order._id, 'Delivered', '1234');
    expect(held()).toEqual([delivered]);
  });

  it('answers a wrong PIN with its words for the pad, without a toast', async () => {
    mocks.updateOrderStatus.mockRejectedValue(
      new ApiError('Wrong PIN', 400, { code: 'PIN_WRONG', triesLeft: 2 }),
    );
    expect(await deliver('0000')).toEqual({ kind: 'refused', message: 'Wrong PIN: 2 tries left' });
    expect(mocks.toast.error).not.toHaveBeenCalled();
    expect(held()).toEqual([order]);
  });

  it('fetches the orders again once delivery is locked, so the card shows it', async () => {
    mocks.updateOrderStatus.mockRejectedValue(new ApiError('Locked', 429, { code: 'PIN_LOCKED' }));
    const locked = { ...order, pinLocked: true, updatedAt: at(9) };
    mocks.getVisibleOrders.mockResolvedValue([locked]);

    expect(await deliver('0000')).toEqual({ kind: 'done' });
    await vi.waitFor(() => expect(held()).toEqual([locked]));
  });
});
