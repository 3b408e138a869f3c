import type { ProviderOrder } from '@kirana/shared';
import { BRAND_COLOR, STORE_LOGO_PATH } from '../../lib/brand';
import type { RazorpayFailure, RazorpayOptions, RazorpaySuccess } from './razorpay';

/** Checkout asks for a phone number; this one stands in when none is known. */
export const PLACEHOLDER_CONTACT = '9999999999';

/** One payment to open Checkout for. */
export interface CheckoutRequest {
  /** The provider order, as `POST /api/order/razorpay` (or `/pay`, or the agents') answered it. */
  providerOrder: ProviderOrder;
  /** What is paid for, e.g. 'Order #1A2B3C4D'. */
  description: string;
  /** Who pays; a missing or blank contact becomes {@link PLACEHOLDER_CONTACT}. */
  prefill: { name: string; email: string; contact?: string | null };
}

/** How Checkout's outcome reaches the caller. */
export interface CheckoutCallbacks {
  /** Paid: the server must still verify `response`. Checkout has closed. */
  onPaid: (response: RazorpaySuccess) => void;
  /** An attempt failed; Checkout stays open for another try. */
  onFailed: (failure: RazorpayFailure) => void;
  /** The person closed Checkout without paying. */
  onDismiss: () => void;
}

/**
 * Razorpay Checkout's options for `request`: the public key `keyId`, the provider order's
 * amount and currency, the store's name (`shopName`, from the shop's settings), logo (an
 * absolute URL under `origin`, where the web app is served) and green, the payer's details, and
 * `callbacks` as `handler` and `modal.ondismiss`.
 * (`payment.failed` is not an option: `callbacks.onFailed` is attached with `.on()`.)
 */
export function checkoutOptions(
  request: CheckoutRequest,
  callbacks: Pick<CheckoutCallbacks, 'onPaid' | 'onDismiss'>,
  { keyId, origin, shopName }: { keyId: string; origin: string; shopName: string },
): RazorpayOptions {
  const { providerOrder, description, prefill } = request;
  return {
    key: keyId,
    amount: providerOrder.amount,
    currency: providerOrder.currency,
    name: shopName,
    description,
    image: new URL(STORE_LOGO_PATH, origin).href,
    order_id: providerOrder.id,
    prefill: {
      name: prefill.name,
      email: prefill.email,
      contact: prefill.contact?.trim() || PLACEHOLDER_CONTACT,
    },
    theme: { color: BRAND_COLOR },
    handler: callbacks.onPaid,
    modal: { ondismiss: callbacks.onDismiss },
  };
}
