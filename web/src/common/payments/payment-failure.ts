import { SHOP_MESSAGES } from '@kirana/shared';
import { ApiError, serverMessage } from '../../lib/api-client';

/**
 * Why a payment did not go through, as a clause of a sentence of ours ('Your payment did not go
 * through: {why}. Try again…'): the provider's description, or the spec's text, ends with its
 * own full stop, which the sentence's would double.
 */
export const failureClause = (why: string): string => why.trim().replace(/[.\s]+$/, '');

/** The provider order could not be created: the server's words, else the spec's text. */
export function orderCreationFailureText(error: unknown): string {
  return serverMessage(error) ?? SHOP_MESSAGES.razorpayOrderFailed;
}

/**
 * Verifying a payment failed: the server's words when it refused (`success: false`); 'Payment
 * verification failed.' when it answered otherwise; 'Error during payment verification.' when
 * the request got no answer (the network) or broke.
 */
export function verificationFailureText(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  return error instanceof ApiError && error.status !== 0
    ? SHOP_MESSAGES.paymentVerificationFailed
    : SHOP_MESSAGES.paymentVerificationError;
}
