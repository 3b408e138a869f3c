import type { PaymentConfigAnswer, Shop } from '@kirana/shared';
import { api, serverMessage } from '../../lib/api-client';
import { serverUrl } from '../../lib/server-origin';
import { getShop } from '../shop-settings/api/get-shop';
import { getPaymentConfig } from './api/get-payment-config';
import { checkoutOptions, type CheckoutCallbacks, type CheckoutRequest } from './checkout-options';
import { loadCheckoutScript } from './load-checkout-script';
import { PAYMENTS_UNAVAILABLE } from './messages';

/** Checkout, ready to open: its configuration fetched and its script loaded. */
export interface Checkout {
  /**
   * Opens Checkout for one payment. `callbacks.onPaid` and `callbacks.onDismiss` end it: at most
   * one of them is called, once, and no failure is reported after it.
   * @throws Error when the Checkout script refuses the options.
   */
  open(request: CheckoutRequest, callbacks: CheckoutCallbacks): void;
}

/** The payment configuration, asked for once per page; a failed request is asked again. */
let config: Promise<PaymentConfigAnswer> | null = null;

function paymentConfig(): Promise<PaymentConfigAnswer> {
  if (config) return config;
  const request = getPaymentConfig();
  config = request;
  request.catch(() => {
    if (config === request) config = null;
  });
  return request;
}

/**
 * Gets Checkout ready to open: the payment configuration (`GET /api/payments/config`, once per
 * page), the shop's name as its settings say now (`GET /api/shop`) and the script (once; a path
 * is on the store's server). Call it before creating a provider order, so that a payment window
 * that cannot open creates nothing.
 * @throws Error with a message for a toast: the server's, or that payments could not start;
 * `CheckoutScriptError` when the script does not load.
 */
export async function prepareCheckout(): Promise<Checkout> {
  let answer: PaymentConfigAnswer;
  let shop: Shop;
  try {
    [answer, { shop }] = await Promise.all([paymentConfig(), getShop(api)]);
  } catch (error) {
    throw new Error(serverMessage(error) ?? PAYMENTS_UNAVAILABLE, { cause: error });
  }
  // The sandbox's script is a path on the store's server, which may not be the page's origin.
  const Razorpay = await loadCheckoutScript(serverUrl(answer.checkoutScript));
  const page = { keyId: answer.keyId, origin: window.location.origin, shopName: shop.name };

  return {
    open(request, { onPaid, onFailed, onDismiss }) {
      let ended = false;
      const end =
        <A extends unknown[]>(callback: (...args: A) => void) =>
        (...args: A) => {
          if (ended) return;
          ended = true;
          callback(...args);
        };
      const checkout = new Razorpay(
        checkoutOptions(request, { onPaid: end(onPaid), onDismiss: end(onDismiss) }, page),
      );
      checkout.on('payment.failed', (failure) => {
        if (!ended) onFailed(failure);
      });
      checkout.open();
    },
  };
}
