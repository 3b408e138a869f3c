/*
 * Razorpay Checkout (checkout.js) as this app uses it: `new window.Razorpay(options)`, `.on()`,
 * `.open()`. The payment sandbox's checkout.js (server/static/sandbox) is a drop-in for it.
 * Only the options and callbacks the store passes or reads are typed.
 */

export interface RazorpayPrefill {
  name: string;
  email: string;
  contact: string;
}

/** What Checkout hands `handler` once a payment succeeded: the server verifies the signature. */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** Why a payment attempt failed, as `payment.failed` reports it. */
export interface RazorpayPaymentError {
  code: string;
  description: string;
  source?: string;
  step?: string;
  reason?: string;
  metadata?: { order_id?: string; payment_id?: string };
}

export interface RazorpayFailure {
  error: RazorpayPaymentError;
}

export interface RazorpayOptions {
  /** The public key id. */
  key: string;
  /** In paise. */
  amount: number;
  currency: string;
  /** The store's name. */
  name: string;
  description: string;
  /** The store's logo, as an absolute URL. */
  image: string;
  /** The provider order to pay. */
  order_id: string;
  prefill: RazorpayPrefill;
  theme: { color: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayCheckout {
  open(): void;
  close(): void;
  /** A failed attempt; Checkout stays open for another try. */
  on(event: 'payment.failed', listener: (failure: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    /** Defined by the Checkout script once it has loaded. */
    Razorpay?: RazorpayConstructor;
  }
}
