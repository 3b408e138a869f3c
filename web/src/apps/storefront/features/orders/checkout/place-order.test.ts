import type { Address, ShopperOrder, User } from '@kirana/shared';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNREACHABLE_MESSAGE } from '../../../../../lib/api-client';
import { anOrder, at } from '../../../../../test/orders';
import { userAtom } from '../../../session/user';
import type {
  CheckoutCallbacks,
  CheckoutRequest,
} from '../../../../../common/payments/checkout-options';
import { backToPayNowAtom, lastPaymentFailureAtom } from './online-payment';
import { isPaying, userOrderMutations } from '../mutations';
import type { OrderRequest } from './place-order';

const mocks = vi.hoisted(() => ({
  address: null as Address | null,
  emptyCart: vi.fn(),
  prepareCheckout: vi.fn(),
  placeOnlineOrder: vi.fn(),
  placeCodOrder: vi.fn(),
  placeKhataOrder: vi.fn(),
  payOrder: vi.fn(),
  verifyPayment: vi.fn(),
  getUserOrders: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));

vi.mock('../../../session/addresses', () => ({
  loadChosenAddress: () => Promise.resolve(mocks.address),
}));
vi.mock('../../../session/cart', async () => {
  const { atom } = await import('jotai');
  return { emptyCartAtom: atom(null, () => mocks.emptyCart()) };
});
vi.mock('../../../session/cart-mutations', () => ({ cartSaved: async () => {} }));
vi.mock('../../../../../common/payments/checkout', () => ({
  prepareCheckout: mocks.prepareCheckout,
}));
vi.mock('../api/place-online-order', () => ({ placeOnlineOrder: mocks.placeOnlineOrder }));
vi.mock('../api/place-cod-order', () => ({ placeCodOrder: mocks.placeCodOrder }));
vi.mock('../api/place-khata-order', () => ({ placeKhataOrder: mocks.placeKhataOrder }));
vi.mock('../api/pay-order', () => ({ payOrder: mocks.payOrder }));
vi.mock('../api/verify-payment', () => ({ verifyPayment: mocks.verifyPayment }));
vi.mock('../api/get-user-orders', () => ({ getUserOrders: mocks.getUserOrders }));
vi.mock('../../../../../lib/toast', () => ({ toast: mocks.toast }));

const shopper: User = {
  _id: '0190a5b2-7c3e-7a10-9000-000000000001',
  name: 'Priya Sharma',
  email: 'priya@example.com',
  cartItems: {},
};
const items = [{ product: '0190a5b2-7c3e-7a10-8000-00000000aaaa', quantity: 2 }];
const ONLINE = { items, paymentMethod: 'Online' } as const;
const paid = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_1',
  razorpay_signature: 'signed',
};

let store: ReturnType<typeof createStore>;
let client: QueryClient;

/** Place Order pressed: resolves whether the order was placed (not: the failure was told). */
const placeOrder = (request: OrderRequest) =>
  new MutationObserver(client, userOrderMutations.place(store)).mutate(request).then(
    () => true,
    () => false,
  );

/** 'Pay now' tapped on `order`, as the card does: nothing while another runs. */
const payNow = async (order: ShopperOrder) => {
  if (!isPaying(client))
    await new MutationObserver(client, userOrderMutations.pay(store))
      .mutate(order)
      .catch(() => undefined);
};

/** The order whose 'Pay now' is running, or null. */
const payingId = () =>
  client
    .getMutationCache()
    .findAll({ status: 'pending' })
    .map((m) => (m.state.variables as ShopperOrder)._id)[0] ?? null;
let opened: { request: CheckoutRequest; callbacks: CheckoutCallbacks }[];
let placed: ShopperOrder;

const lastCheckout = () => opened.at(-1)!;

beforeEach(() => {
  vi.clearAllMocks();
  opened = [];
  placed = anOrder<ShopperOrder>(0, {
    paymentType: 'Online',
    payBy: at(30),
    deliveryPin: '4821',
  });
  mocks.address = placed.address;
  mocks.prepareCheckout.mockResolvedValue({
    open: (request: CheckoutRequest, callbacks: CheckoutCallbacks) =>
      opened.push({ request, callbacks }),
  });
  mocks.placeOnlineOrder.mockResolvedValue({
    success: true,
    order: { id: 'order_1', amount: 10200, currency: 'INR' },
    orderId: placed._id,
  });
  mocks.payOrder.mockResolvedValue({
    success: true,
    order: { id: 'order_2', amount: 10200, currency: 'INR' },
    orderId: placed._id,
  });
  mocks.verifyPayment.mockResolvedValue({ success: true, message: 'Payment successful!' });
  mocks.getUserOrders.mockResolvedValue([placed]);
  store = createStore();
  client = new QueryClient();
  store.set(userAtom, shopper);
});

describe('placing an order paid online', () => {
  it('places it, empties the cart and opens Checkout prefilled with the shopper and the address’s phone', async () => {
    await expect(placeOrder(ONLINE)).resolves.toBe(true);

    expect(mocks.placeOnlineOrder).toHaveBeenCalledWith(
      { items, address: placed.address._id },
      expect.stringMatching(/^[0-9a-f]{32}$/),
    );
    expect(mocks.emptyCart).toHaveBeenCalledOnce();
    expect(opened).toHaveLength(1);
    expect(lastCheckout().request).toEqual({
      providerOrder: { id: 'order_1', amount: 10200, currency: 'INR' },
      description: `Order #${placed._id.slice(-8).toUpperCase()}`,
      prefill: { name: 'Priya Sharma', email: 'priya@example.com', contact: '9812345678' },
    });
  });

  it('verifies a payment and says so: Payment successful!', async () => {
    await placeOrder(ONLINE);
    lastCheckout().callbacks.onPaid(paid);
    await vi.waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith('Payment successful!'));
    expect(mocks.verifyPayment).toHaveBeenCalledWith({ ...paid, orderId: placed._id });
  });

  it('tells a declined payment once, when Checkout is closed: its reason, and what to do next', async () => {
    await placeOrder(ONLINE);
    const declined = 'Your payment was declined by the bank (sandbox test payment).';
    lastCheckout().callbacks.onFailed({ error: { code: 'X', description: 'Card declined' } });
    lastCheckout().callbacks.onFailed({ error: { code: 'X', description: declined } });
    // Checkout shows the failure itself and stays open: no toast over its buttons.
    expect(mocks.toast.error).not.toHaveBeenCalled();
    lastCheckout().callbacks.onDismiss();
    expect(mocks.toast.error.mock.calls).toEqual([
      [
        'Order failed: Your payment was declined by the bank (sandbox test payment). Your order waits for its payment: Pay now in My Orders',
      ],
    ]);
    expect(mocks.verifyPayment).not.toHaveBeenCalled();
    // The order's card keeps why: the last attempt's reason, as a clause of its sentence.
    expect(store.get(lastPaymentFailureAtom)).toEqual({
      [placed._id]: 'Your payment was declined by the bank (sandbox test payment)',
    });
    // Its card brings the shopper back to its Pay now, clear of the toast.
    expect(store.get(backToPayNowAtom)).toBe(placed._id);
  });

  it('tells a Checkout closed without trying as a payment not completed', async () => {
    await placeOrder(ONLINE);
    lastCheckout().callbacks.onDismiss();
    expect(mocks.toast.error.mock.calls).toEqual([
      [
        'Order failed: payment not completed. Your order waits for its payment: Pay now in My Orders',
      ],
    ]);
  });

  it('remembers a Checkout closed without trying, and forgets it once a payment goes through', async () => {
    await placeOrder(ONLINE);
    lastCheckout().callbacks.onDismiss();
    expect(store.get(lastPaymentFailureAtom)).toEqual({
      [placed._id]: 'you closed the payment before paying',
    });
    await placeOrder(ONLINE);
    lastCheckout().callbacks.onPaid(paid);
    await vi.waitFor(() => expect(store.get(lastPaymentFailureAtom)).toEqual({}));
  });

  it('shows the server’s reason for a refused verification, and the spec’s texts otherwise', async () => {
    for (const [error, text] of [
      [new ApiError('Payment signature is not valid', 400), 'Payment signature is not valid'],
      [new ApiError('The store could not answer (HTTP 500).', 500), 'Payment verification failed.'],
      [new ApiError(UNREACHABLE_MESSAGE, 0), 'Error during payment verification.'],
    ] as const) {
      mocks.verifyPayment.mockRejectedValueOnce(error);
      await placeOrder(ONLINE);
      lastCheckout().callbacks.onPaid(paid);
      await vi.waitFor(() => expect(mocks.toast.error).toHaveBeenLastCalledWith(text));
    }
  });

  it('keeps the cart and opens nothing when the order is refused', async () => {
    mocks.placeOnlineOrder.mockRejectedValueOnce(new ApiError('Milk is out of stock', 409));
    mocks.placeOnlineOrder.mockRejectedValueOnce(new ApiError(UNREACHABLE_MESSAGE, 0));
    await expect(placeOrder(ONLINE)).resolves.toBe(false);
    await expect(placeOrder(ONLINE)).resolves.toBe(false);
    expect(mocks.toast.error.mock.calls).toEqual([
      ['Milk is out of stock'],
      ['Failed to create Razorpay order'],
    ]);
    expect(mocks.emptyCart).not.toHaveBeenCalled();
    expect(opened).toHaveLength(0);
  });

  it('places nothing when the payment window cannot be loaded', async () => {
    mocks.prepareCheckout.mockRejectedValueOnce(
      new Error('The payment window could not be loaded.'),
    );
    await expect(placeOrder(ONLINE)).resolves.toBe(false);
    expect(mocks.placeOnlineOrder).not.toHaveBeenCalled();
    expect(mocks.toast.error).toHaveBeenCalledWith('The payment window could not be loaded.');
  });

  it('asks for an address first', async () => {
    mocks.address = null;
    await expect(placeOrder(ONLINE)).resolves.toBe(false);
    expect(mocks.toast.error).toHaveBeenCalledWith('Please select an address');
    expect(mocks.prepareCheckout).not.toHaveBeenCalled();
  });
});

describe('the Idempotency-Key of a checkout attempt', () => {
  const COD = { items, paymentMethod: 'COD' } as const;
  const keysSent = (mock: typeof mocks.placeCodOrder) =>
    mock.mock.calls.map(([, key]) => key as string);

  beforeEach(() => {
    mocks.placeCodOrder.mockResolvedValue({
      success: true,
      message: 'Order Placed Successfully',
      orderId: placed._id,
    });
  });

  it('is sent again when a press whose answer never came is retried, so one order is placed', async () => {
    mocks.placeCodOrder.mockRejectedValueOnce(new ApiError(UNREACHABLE_MESSAGE, 0));
    mocks.placeCodOrder.mockRejectedValueOnce(
      new ApiError('The store could not answer (HTTP 502).', 502),
    );
    await expect(placeOrder(COD)).resolves.toBe(false);
    await expect(placeOrder(COD)).resolves.toBe(false);
    await expect(placeOrder(COD)).resolves.toBe(true);

    const [first, second, third] = keysSent(mocks.placeCodOrder);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect([second, third]).toEqual([first, first]);
    expect(mocks.emptyCart).toHaveBeenCalledOnce();
    expect(mocks.toast.success).toHaveBeenCalledWith('Order Placed Successfully');
  });

  it('is new for the next order once one is placed, and after the server refused one', async () => {
    await placeOrder(COD);
    mocks.placeCodOrder.mockRejectedValueOnce(new ApiError('Milk is out of stock', 409));
    await placeOrder(COD);
    await placeOrder(COD);

    expect(new Set(keysSent(mocks.placeCodOrder)).size).toBe(3);
  });

  it('is new when the retry asks for something else: another cart or way to pay', async () => {
    mocks.placeCodOrder.mockRejectedValueOnce(new ApiError(UNREACHABLE_MESSAGE, 0));
    await placeOrder(COD);
    await placeOrder({ ...COD, items: [{ ...items[0]!, quantity: 3 }] });
    mocks.placeOnlineOrder.mockRejectedValueOnce(new ApiError(UNREACHABLE_MESSAGE, 0));
    await placeOrder(ONLINE);
    await placeOrder(ONLINE);

    const [lost, changed] = keysSent(mocks.placeCodOrder);
    const [online, onlineRetry] = keysSent(mocks.placeOnlineOrder);
    expect(changed).not.toBe(lost);
    expect(online).not.toBe(lost);
    expect(onlineRetry).toBe(online);
  });
});

describe('Pay later (khata)', () => {
  const KHATA = { items, paymentMethod: 'Khata' } as const;

  it("places the order on the khata with its own Idempotency-Key, told with the server's words", async () => {
    mocks.placeKhataOrder.mockResolvedValueOnce({
      success: true,
      message: 'Order Placed Successfully',
      orderId: placed._id,
    });
    await expect(placeOrder(KHATA)).resolves.toBe(true);

    expect(mocks.placeKhataOrder).toHaveBeenCalledWith(
      { items, address: mocks.address?._id },
      expect.stringMatching(/^[0-9a-f]{32}$/),
    );
    expect(mocks.placeCodOrder).not.toHaveBeenCalled();
    expect(mocks.prepareCheckout).not.toHaveBeenCalled();
    expect(mocks.emptyCart).toHaveBeenCalledOnce();
    expect(mocks.toast.success).toHaveBeenCalledWith('Order Placed Successfully');
  });

  it("says a refusal past the credit limit in the server's words, and keeps the cart", async () => {
    const refusal = 'Asha owes ₹1,900.00 of a ₹2,000.00 limit: ₹100.00 is left';
    mocks.placeKhataOrder.mockRejectedValueOnce(
      new ApiError(refusal, 409, { code: 'CREDIT_LIMIT' }),
    );
    await expect(placeOrder(KHATA)).resolves.toBe(false);

    expect(mocks.toast.error).toHaveBeenCalledWith(refusal);
    expect(mocks.emptyCart).not.toHaveBeenCalled();
  });
});

describe('Pay now', () => {
  it('asks for a new provider order for the awaiting order and opens Checkout, once at a time', async () => {
    const paying = payNow(placed);
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(payingId()).toBe(placed._id);
    await payNow(placed);
    expect(mocks.payOrder).toHaveBeenCalledOnce();
    expect(mocks.payOrder).toHaveBeenCalledWith({ orderId: placed._id });
    expect(lastCheckout().request.providerOrder.id).toBe('order_2');
    expect(lastCheckout().request.prefill.contact).toBe(placed.address.phone);

    lastCheckout().callbacks.onPaid(paid);
    await paying;
    expect(mocks.toast.success).toHaveBeenCalledWith('Payment successful!');
    expect(payingId()).toBeNull();
  });

  it('shows why the payment could not start, e.g. the time to pay ran out', async () => {
    mocks.payOrder.mockRejectedValueOnce(new ApiError('Order is no longer awaiting payment', 409));
    await payNow(placed);
    expect(mocks.toast.error).toHaveBeenCalledWith('Order is no longer awaiting payment');
    expect(opened).toHaveLength(0);
    expect(payingId()).toBeNull();
  });
});
