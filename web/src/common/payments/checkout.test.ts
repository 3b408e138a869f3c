import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RazorpayFailure, RazorpayOptions, RazorpaySuccess } from './razorpay';

const mocks = vi.hoisted(() => ({
  getPaymentConfig: vi.fn(),
  getShop: vi.fn(),
  loadCheckoutScript: vi.fn(),
}));
vi.mock('./api/get-payment-config', () => ({ getPaymentConfig: mocks.getPaymentConfig }));
vi.mock('../shop-settings/api/get-shop', () => ({ getShop: mocks.getShop }));
vi.mock('./load-checkout-script', () => ({ loadCheckoutScript: mocks.loadCheckoutScript }));

const config = {
  success: true,
  provider: 'sandbox',
  keyId: 'rzp_test_sandbox',
  checkoutScript: '/payments/sandbox/checkout.js',
  currency: 'INR',
} as const;

/** A stand-in for Checkout that records what it was given and lets the test act as the payer. */
class FakeRazorpay {
  static opened: FakeRazorpay[] = [];
  failedListeners: ((failure: RazorpayFailure) => void)[] = [];
  constructor(readonly options: RazorpayOptions) {}
  on(_event: 'payment.failed', listener: (failure: RazorpayFailure) => void) {
    this.failedListeners.push(listener);
  }
  open() {
    FakeRazorpay.opened.push(this);
  }
  close() {}
  fail(description: string) {
    for (const listener of this.failedListeners) listener({ error: { code: 'X', description } });
  }
}

const paid: RazorpaySuccess = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_1',
  razorpay_signature: 'signed',
};
const request = {
  providerOrder: { id: 'order_1', amount: 10200, currency: 'INR' as const },
  description: 'Order #1A2B3C4D',
  prefill: { name: 'Priya', email: 'priya@example.com', contact: null },
};

/** A fresh page: the module forgets the configuration it fetched (and has its own ApiError). */
async function freshModule() {
  vi.resetModules();
  return {
    ...(await import('./checkout')),
    ...(await import('./messages')),
    ...(await import('../../lib/api-client')),
  };
}

beforeEach(() => {
  vi.clearAllMocks();
  FakeRazorpay.opened = [];
  vi.stubGlobal('window', { location: { origin: 'https://shop.example.in' } });
  mocks.getPaymentConfig.mockResolvedValue(config);
  mocks.getShop.mockResolvedValue({ success: true, shop: { name: 'Sharma General Store' } });
  mocks.loadCheckoutScript.mockResolvedValue(FakeRazorpay);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prepareCheckout', () => {
  it('fetches the payment configuration once and loads the script it names', async () => {
    const { prepareCheckout } = await freshModule();
    await prepareCheckout();
    await prepareCheckout();
    expect(mocks.getPaymentConfig).toHaveBeenCalledOnce();
    expect(mocks.loadCheckoutScript).toHaveBeenCalledWith('/payments/sandbox/checkout.js');
  });

  it('loads a script path from the server the page names in its meta tag, and a provider’s URL as given', async () => {
    vi.stubGlobal('document', {
      querySelector: (selector: string) =>
        selector === 'meta[name="kirana-api"]' ? { content: 'http://127.0.0.1:4173' } : null,
    });
    const { prepareCheckout } = await freshModule();
    await prepareCheckout();
    expect(mocks.loadCheckoutScript).toHaveBeenCalledWith(
      'http://127.0.0.1:4173/payments/sandbox/checkout.js',
    );

    const razorpayScript = 'https://checkout.razorpay.com/v1/checkout.js';
    mocks.getPaymentConfig.mockResolvedValue({ ...config, checkoutScript: razorpayScript });
    await (await freshModule()).prepareCheckout();
    expect(mocks.loadCheckoutScript).toHaveBeenLastCalledWith(razorpayScript);
  });

  it('asks for the configuration again after a failed request, and says why it failed', async () => {
    const { prepareCheckout, PAYMENTS_UNAVAILABLE, ApiError, UNREACHABLE_MESSAGE } =
      await freshModule();
    mocks.getPaymentConfig.mockRejectedValueOnce(new ApiError(UNREACHABLE_MESSAGE, 0));
    await expect(prepareCheckout()).rejects.toThrow(PAYMENTS_UNAVAILABLE);
    mocks.getPaymentConfig.mockRejectedValueOnce(new ApiError('Payments are switched off', 503));
    await expect(prepareCheckout()).rejects.toThrow('Payments are switched off');
    await expect(prepareCheckout()).resolves.toBeDefined();
    expect(mocks.getPaymentConfig).toHaveBeenCalledTimes(3);
  });

  it('opens Checkout with the configured key and the web app’s logo, and listens for failures', async () => {
    const { prepareCheckout } = await freshModule();
    const checkout = await prepareCheckout();
    const callbacks = { onPaid: vi.fn(), onFailed: vi.fn(), onDismiss: vi.fn() };
    checkout.open(request, callbacks);

    const [razorpay] = FakeRazorpay.opened;
    expect(razorpay!.options).toMatchObject({
      key: 'rzp_test_sandbox',
      order_id: 'order_1',
      image: 'https://shop.example.in/logo.png',
      prefill: { contact: '9999999999' },
    });
    razorpay!.fail('Card declined');
    expect(callbacks.onFailed).toHaveBeenCalledWith({
      error: { code: 'X', description: 'Card declined' },
    });
  });

  it('opens Checkout with the shop’s name as its settings say it at each payment', async () => {
    const { prepareCheckout } = await freshModule();
    const callbacks = { onPaid: vi.fn(), onFailed: vi.fn(), onDismiss: vi.fn() };
    (await prepareCheckout()).open(request, callbacks);
    mocks.getShop.mockResolvedValue({ success: true, shop: { name: 'Sharma Fresh' } });
    (await prepareCheckout()).open(request, callbacks);

    expect(FakeRazorpay.opened.map((razorpay) => razorpay.options.name)).toEqual([
      'Sharma General Store',
      'Sharma Fresh',
    ]);
  });

  it('says payments could not start when the shop cannot be read', async () => {
    const { prepareCheckout, PAYMENTS_UNAVAILABLE, ApiError, UNREACHABLE_MESSAGE } =
      await freshModule();
    mocks.getShop.mockRejectedValueOnce(new ApiError(UNREACHABLE_MESSAGE, 0));
    await expect(prepareCheckout()).rejects.toThrow(PAYMENTS_UNAVAILABLE);
    expect(mocks.loadCheckoutScript).not.toHaveBeenCalled();
  });

  it('ends a payment once: after it is paid, neither a close nor a late failure is reported', async () => {
    const { prepareCheckout } = await freshModule();
    const checkout = await prepareCheckout();
    const callbacks = { onPaid: vi.fn(), onFailed: vi.fn(), onDismiss: vi.fn() };
    checkout.open(request, callbacks);
    const razorpay = FakeRazorpay.opened[0]!;

    razorpay.options.handler(paid);
    razorpay.options.modal.ondismiss();
    razorpay.fail('late');
    razorpay.options.handler(paid);

    expect(callbacks.onPaid).toHaveBeenCalledOnce();
    expect(callbacks.onPaid).toHaveBeenCalledWith(paid);
    expect(callbacks.onDismiss).not.toHaveBeenCalled();
    expect(callbacks.onFailed).not.toHaveBeenCalled();
  });
});
