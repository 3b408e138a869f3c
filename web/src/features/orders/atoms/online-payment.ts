import { MESSAGES, type OnlineOrderAnswer, orderNumber } from '@kirana/shared';
import type { Setter } from 'jotai';
import { toast } from '../../../lib/toast';
import type { Checkout } from '../../payments/checkout';
import { verificationFailureText } from '../../payments/payment-failure';
import type { RazorpaySuccess } from '../../payments/razorpay';
import { verifyPayment } from '../api/verify-payment';
import { refreshUserOrdersAtom } from './orders';

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
 * (the server's message, else the spec's texts), or the shopper closed Checkout ('Order failed:
 * payment not completed'; the order keeps awaiting its payment). Each failed attempt while
 * Checkout stays open toasts 'Order failed: {why}'. The shopper's orders are refreshed either way.
 */
export function payOnline(
  set: Setter,
  checkout: Checkout,
  answer: OnlineOrderAnswer,
  payer: Payer,
): Promise<PaymentOutcome> {
  return new Promise((resolve) => {
    const settle = (outcome: PaymentOutcome) => {
      void set(refreshUserOrdersAtom);
      resolve(outcome);
    };
    const verify = async (response: RazorpaySuccess) => {
      try {
        await verifyPayment({ ...response, orderId: answer.orderId });
        toast.success(MESSAGES.paymentSuccessful);
        settle('paid');
      } catch (error) {
        toast.error(verificationFailureText(error));
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
          onFailed: ({ error }) => toast.error(MESSAGES.orderFailed(error.description)),
          onDismiss: () => {
            toast.error(MESSAGES.orderFailed(MESSAGES.paymentNotCompleted));
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
