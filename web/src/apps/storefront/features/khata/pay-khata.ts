import { SHOP_MESSAGES } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { prepareCheckout } from '../../../../common/payments/checkout';
import {
  failureClause,
  orderCreationFailureText,
  verificationFailureText,
} from '../../../../common/payments/payment-failure';
import { toast } from '../../../../lib/toast';
import { userAtom } from '../../session/user';
import { payMyKhata, verifyKhataPayment } from './api/pay-my-khata';
import { refreshMyKhata } from './queries';

/** How paying the khata ended: verified by the server, or not (closed, refused, not verified). */
export type KhataPaymentOutcome = 'paid' | 'unpaid';

/**
 * 'Pay now' on My khata: `amount` rupees of the due through the storefront's Checkout (Razorpay
 * or the sandbox), as an order is paid: Checkout gets ready first, then the provider order
 * (`POST /api/khata/mine/pay`), then Checkout's answer goes to the server, which posts the payment
 * to the khata. Settles once Checkout ends, told by a toast; the khata is asked again either way.
 * Throws an error saying why it could not start (the payment window could not load, the server
 * refused the amount), for the mutation's failure reporter.
 */
export async function payKhataOnline(
  store: ReturnType<typeof createStore>,
  client: QueryClient,
  amount: number,
): Promise<KhataPaymentOutcome> {
  const user = store.get(userAtom);
  if (!user) return 'unpaid';
  const checkout = await prepareCheckout();
  const answer = await payMyKhata(amount).catch((error: unknown) => {
    throw new Error(orderCreationFailureText(error), { cause: error });
  });
  return new Promise((resolve) => {
    const settle = (outcome: KhataPaymentOutcome) => {
      void refreshMyKhata(client);
      resolve(outcome);
    };
    let failure: string | null = null;
    const verify = async (response: Parameters<typeof verifyKhataPayment>[0]) => {
      try {
        await verifyKhataPayment(response);
        toast.success(SHOP_MESSAGES.paymentSuccessful);
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
          description: 'Khata payment',
          prefill: { name: user.name, email: user.email },
        },
        {
          onPaid: (response) => void verify(response),
          onFailed: ({ error }) => {
            // Checkout shows it and stays open for another try: told here once it is closed.
            failure = error.description;
          },
          onDismiss: () => {
            toast.error(
              `Your khata was not paid: ${failureClause(failure ?? SHOP_MESSAGES.paymentNotCompleted)}.`,
            );
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
