import { describe, expect, it, vi } from 'vitest';
import { checkoutOptions, PLACEHOLDER_CONTACT, type CheckoutRequest } from './checkout-options';

const request: CheckoutRequest = {
  providerOrder: { id: 'order_Q1w2e3r4t5', amount: 10200, currency: 'INR' },
  description: 'Order #1A2B3C4D',
  prefill: { name: 'Priya Sharma', email: 'priya@example.com', contact: '9812345678' },
};
const page = {
  keyId: 'rzp_test_abc123',
  origin: 'https://shop.example.in',
  shopName: 'Sharma General Store',
};
const callbacks = { onPaid: vi.fn(), onDismiss: vi.fn() };

describe('checkoutOptions', () => {
  it('opens Checkout for the provider order with the public key, amount in paise and currency', () => {
    const options = checkoutOptions(request, callbacks, page);
    expect(options).toMatchObject({
      key: 'rzp_test_abc123',
      amount: 10200,
      currency: 'INR',
      order_id: 'order_Q1w2e3r4t5',
      description: 'Order #1A2B3C4D',
    });
  });

  it('shows the store by the name its settings give it, its logo as an absolute URL, its green', () => {
    const options = checkoutOptions(request, callbacks, page);
    expect(options.name).toBe('Sharma General Store');
    expect(options.image).toBe('https://shop.example.in/logo.png');
    expect(options.theme).toEqual({ color: '#15803d' });
  });

  it('prefills the payer’s name, email and phone', () => {
    expect(checkoutOptions(request, callbacks, page).prefill).toEqual({
      name: 'Priya Sharma',
      email: 'priya@example.com',
      contact: '9812345678',
    });
  });

  it('puts a placeholder contact number when no phone is known', () => {
    for (const contact of [undefined, null, '', '   ']) {
      const options = checkoutOptions(
        { ...request, prefill: { ...request.prefill, contact } },
        callbacks,
        page,
      );
      expect(options.prefill.contact).toBe(PLACEHOLDER_CONTACT);
    }
    expect(PLACEHOLDER_CONTACT).toBe('9999999999');
  });

  it('hands a payment to onPaid and a closed window to onDismiss', () => {
    const options = checkoutOptions(request, callbacks, page);
    const response = {
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_Q1w2e3r4t5',
      razorpay_signature: 'signed',
    };
    options.handler(response);
    options.modal.ondismiss();
    expect(callbacks.onPaid).toHaveBeenCalledWith(response);
    expect(callbacks.onDismiss).toHaveBeenCalledOnce();
  });
});
