import { orderNumber } from '@kirana/shared';
import type { AgentOrder, OnlineOrderAnswer } from '@kirana/shared';
import { prepareCheckout, type Checkout } from '../../../../common/payments/checkout';
import type { RazorpaySuccess } from '../../../../common/payments/razorpay';
import { createCollectionOrder } from './api/create-collection-order';
import { verifyCollection } from './api/verify-collection';

/*
 * Collecting a cash-on-delivery order's amount online at the door. Loaded with the first
 * collection, not with the app (see mutations.ts): the agents' first load stays small.
 */

/** How a collection ended. */
export type CollectionOutcome =
  /** Paid and verified: the order as the server now answers it. */
  | { kind: 'paid'; order: AgentOrder }
  /** The agent closed Checkout without a payment. */
  | { kind: 'closed' }
  /** Checkout could not be made ready or opened; nothing was created. `error` says why. */
  | { kind: 'unavailable'; error: unknown }
  /** A call failed: creating the provider order, or verifying the payment. */
  | { kind: 'failed'; step: 'create' | 'verify'; error: unknown };

/** Opens Checkout and settles with its signed answer, or null once the agent closed it. */
function takePayment(
  checkout: Checkout,
  order: AgentOrder,
  answer: OnlineOrderAnswer,
  onAttemptFailed: () => void,
): Promise<RazorpaySuccess | null> {
  const { address } = order;
  return new Promise((resolve) => {
    checkout.open(
      {
        providerOrder: answer.order,
        description: `Order #${orderNumber(order._id)}`,
        prefill: {
          name: `${address.firstName} ${address.lastName}`,
          email: address.email,
          contact: address.phone,
        },
      },
      { onPaid: resolve, onFailed: onAttemptFailed, onDismiss: () => resolve(null) },
    );
  });
}

/**
 * Collects `order`'s amount online: Checkout made ready first (so a window that cannot open
 * creates nothing), then a provider order for the amount (`POST /api/agents/order/razorpay`),
 * then Checkout on the agent's phone prefilled with the customer's name, email and phone, then
 * the server's verification (`POST /api/agents/order/verify`). `onAttemptFailed` hears each
 * failed attempt while Checkout stays open. Never throws.
 */
export async function collectOnline(
  order: AgentOrder,
  onAttemptFailed: () => void,
): Promise<CollectionOutcome> {
  let checkout: Checkout;
  try {
    checkout = await prepareCheckout();
  } catch (error) {
    return { kind: 'unavailable', error };
  }
  let answer: OnlineOrderAnswer;
  try {
    answer = await createCollectionOrder(order);
  } catch (error) {
    return { kind: 'failed', step: 'create', error };
  }
  let response: RazorpaySuccess | null;
  try {
    response = await takePayment(checkout, order, answer, onAttemptFailed);
  } catch (error) {
    return { kind: 'unavailable', error };
  }
  if (!response) return { kind: 'closed' };
  try {
    return {
      kind: 'paid',
      order: await verifyCollection({ ...response, orderId: answer.orderId }),
    };
  } catch (error) {
    return { kind: 'failed', step: 'verify', error };
  }
}
