import { paymentConfigAnswerSchema, type PaymentConfigAnswer } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/payments/config`: which Checkout script to load (Razorpay's, or the sandbox's) and
 * the public key to open it with. Throws `ApiError`.
 */
export function getPaymentConfig(): Promise<PaymentConfigAnswer> {
  return api.get('/api/payments/config', paymentConfigAnswerSchema);
}
