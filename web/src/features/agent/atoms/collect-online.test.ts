import { orderNumber } from '@kirana/shared';
import type { AgentOrder } from '@kirana/shared';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNREACHABLE_MESSAGE } from '../../../lib/api-client';
import type { CheckoutCallbacks, CheckoutRequest } from '../../payments/checkout-options';
import { CheckoutScriptError } from '../../payments/load-checkout-script';
import { anAgentOrder, at, ME } from '../test/orders';
import { agentOrdersAtom, pendingActionsAtom, runOrderActionAtom } from './orders';
import { agentSessionAtom, offlineAtom } from './session-state';

const mocks = vi.hoisted(() => ({
  prepareCheckout: vi.fn(),
  createCollectionOrder: vi.fn(),
  verifyCollection: vi.fn(),
  getVisibleOrders: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));

vi.mock('../../payments/checkout', () => ({ prepareCheckout: mocks.prepareCheckout }));
vi.mock('../api/create-collection-order', () => ({
  createCollectionOrder: mocks.createCollectionOrder,
}));
vi.mock('../api/verify-collection', () => ({ verifyCollection: mocks.verifyCollection }));
vi.mock('../api/get-visible-orders', () => ({ getVisibleOrders: mocks.getVisibleOrders }));
vi.mock('../../../lib/toast', () => ({ toast: mocks.toast }));

const COLLECT = { kind: 'collect-online' } as const;
const paid = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_1',
  razorpay_signature: 'signed',
};

/** Checkout as the agent's phone shows it: what it was opened with, and the payer's moves. */
let opened: { request: CheckoutRequest; callbacks: CheckoutCallbacks }[];
let store: ReturnType<typeof createStore>;
let order: AgentOrder;

const running = () => store.get(pendingActionsAtom).get(order._id) ?? null;

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
  store = createStore();
  store.set(agentSessionAtom, { state: 'in', agent: { _id: ME, name: 'Ravi' } });
  store.set(agentOrdersAtom, [order]);
});

describe('collecting a cash-on-delivery order online at the door', () => {
  it('opens Checkout for the order, prefilled with the customer, then the paid order replaces the listed one', async () => {
    const run = store.set(runOrderActionAtom, order, COLLECT);
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
    expect(store.get(agentOrdersAtom)).toEqual([paidOrder]);
    expect(mocks.toast.success).toHaveBeenCalledWith('Payment successful!');
    expect(running()).toBeNull();
  });

  it('ignores a second tap while Checkout is open', async () => {
    const run = store.set(runOrderActionAtom, order, COLLECT);
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    await store.set(runOrderActionAtom, order, COLLECT);
    await store.set(runOrderActionAtom, order, { kind: 'collect-cash' });
    expect(mocks.createCollectionOrder).toHaveBeenCalledOnce();

    opened[0]!.callbacks.onDismiss();
    await run;
    expect(running()).toBeNull();
  });

  it('toasts Payment failed for a failed attempt and waits, as Checkout stays open', async () => {
    const run = store.set(runOrderActionAtom, order, COLLECT);
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    opened[0]!.callbacks.onFailed({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Declined' },
    });
    expect(mocks.toast.error).toHaveBeenCalledWith('Payment failed');
    expect(running()).toBe('collect-online');

    opened[0]!.callbacks.onDismiss();
    await run;
    expect(mocks.verifyCollection).not.toHaveBeenCalled();
    expect(store.get(agentOrdersAtom)).toEqual([order]);
  });

  it('says the Razorpay order could not be created, or the server’s reason', async () => {
    mocks.createCollectionOrder.mockRejectedValueOnce(new ApiError('Internal', 500));
    mocks.createCollectionOrder.mockRejectedValueOnce(
      new ApiError('The store could not answer (HTTP 502).', 502),
    );
    await store.set(runOrderActionAtom, order, COLLECT);
    await store.set(runOrderActionAtom, order, COLLECT);
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
    await store.set(runOrderActionAtom, order, COLLECT);
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
      const run = store.set(runOrderActionAtom, order, COLLECT);
      await vi.waitFor(() => expect(opened).toHaveLength(1));
      opened[0]!.callbacks.onPaid(paid);
      await run;
      expect(mocks.toast.error).toHaveBeenLastCalledWith(text);
    }
    expect(store.get(offlineAtom)).toBe(true);
    expect(store.get(agentOrdersAtom)).toEqual([order]);
  });
});
