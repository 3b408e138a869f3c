import { SHOP_MESSAGES } from '@kirana/shared';
import { ApiError, serverMessage } from '../../lib/api-client';

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
