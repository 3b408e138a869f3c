import {
  paymentVerifyAnswerSchema,
  type PaymentVerifyAnswer,
  type PaymentVerifyBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/order/verify`: Checkout's signed answer, checked by the server, which marks the
 * order paid. Throws `ApiError`: the server's message when it refuses (400, 409).
 */
export function verifyPayment(body: PaymentVerifyBody): Promise<PaymentVerifyAnswer> {
  return api.post('/api/order/verify', paymentVerifyAnswerSchema, { body });
}
