import { SHOP_MESSAGES, type OnlineOrderAnswer, orderNumber } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { atom, type createStore } from 'jotai';
import { toast } from '../../../../../lib/toast';
import type { Checkout } from '../../../../../common/payments/checkout';
import {
  failureClause,
  verificationFailureText,
} from '../../../../../common/payments/payment-failure';
import type { RazorpaySuccess } from '../../../../../common/payments/razorpay';
import { verifyPayment } from '../api/verify-payment';
import { refreshUserOrders } from '../cache';

/**
 * Why the last try to pay each order did not go through, by order id, for this visit, as a
 * clause (no closing full stop): its 'Awaiting payment' card says so beside 'Pay now'. A payment
 * that went through clears it.
 */
export const lastPaymentFailureAtom = atom<Readonly<Record<string, string>>>({});

/**
 * The order whose 'Pay now' the shopper is brought back to, once its Checkout ended without a
 * payment (taken, and cleared, by its card): in the middle of the screen, clear of the toast
 * that says why, and focused, where a keyboard or a screen reader carries on.
 */
export const backToPayNowAtom = atom<string | null>(null);

/** What the shopper reads when a payment did not go through, and what to do next. */
const notCompletedText = (why: string) =>
  SHOP_MESSAGES.orderFailed(
    `${failureClause(why)}. Your order waits for its payment: Pay now in My Orders`,
  );

/** How an online payment ended: verified, or not (closed, refused, or not verified). */
export type PaymentOutcome = 'paid' | 'unpaid';

/** Who pays, as Checkout is prefilled: the shopper, and the delivery address's phone. */
export interface Payer {
  name: string;
  email: string;
  contact: string | null;
}

/**
 * Opens `checkout` for the provider order in `answer` and settles once it ends: 'paid' when the
 * server verified the payment ('Payment successful!'), else 'unpaid': the verification failed
 * (the server's message, else the spec's texts), or the shopper closed Checkout: one toast says
 * why ('Order failed: {why}', the last attempt's reason, else 'payment not completed') and that
 * the order waits for its payment in My Orders. A failed attempt while Checkout stays open for
 * another try is said by Checkout itself, not by a toast over its buttons. Why the last try did
 * not go through stays on the order's card (lastPaymentFailureAtom, in `store`). The shopper's
 * orders are refreshed in `client` either way.
 */
export function payOnline(
  store: ReturnType<typeof createStore>,
  client: QueryClient,
  checkout: Checkout,
  answer: OnlineOrderAnswer,
  payer: Payer,
): Promise<PaymentOutcome> {
  return new Promise((resolve) => {
    const settle = (outcome: PaymentOutcome) => {
      void refreshUserOrders(client);
      if (outcome === 'unpaid') store.set(backToPayNowAtom, answer.orderId);
      resolve(outcome);
    };
    const remember = (why: string | null) =>
      store.set(lastPaymentFailureAtom, (failures) => {
        const { [answer.orderId]: _earlier, ...others } = failures;
        return why === null ? others : { ...others, [answer.orderId]: failureClause(why) };
      });
    let failure: string | null = null;
    const verify = async (response: RazorpaySuccess) => {
      try {
        await verifyPayment({ ...response, orderId: answer.orderId });
        toast.success(SHOP_MESSAGES.paymentSuccessful);
        remember(null);
        settle('paid');
      } catch (error) {
        toast.error(verificationFailureText(error));
        remember(verificationFailureText(error));
        settle('unpaid');
      }
    };
    try {
      checkout.open(
        {
          providerOrder: answer.order,
          description: `Order #${orderNumber(answer.orderId)}`,
          prefill: payer,
        },
        {
          onPaid: (response) => void verify(response),
          onFailed: ({ error }) => {
            // Checkout shows it and stays open for another try: told here once it is closed.
            failure = error.description;
          },
          onDismiss: () => {
            toast.error(notCompletedText(failure ?? SHOP_MESSAGES.paymentNotCompleted));
            remember(failure ?? 'you closed the payment before paying');
            settle('unpaid');
          },
        },
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      settle('unpaid');
    }
  });
}
