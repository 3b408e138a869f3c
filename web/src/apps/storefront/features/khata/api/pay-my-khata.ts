import {
  myKhataPayAnswerSchema,
  paymentVerifyAnswerSchema,
  type MyKhataPayAnswer,
  type PaymentVerifyAnswer,
  type PaymentVerifyBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/khata/mine/pay`: the provider order to pay `amount` rupees of the khata's due with.
 * Throws `ApiError` (e.g. more than the due: 400).
 */
export function payMyKhata(amount: number): Promise<MyKhataPayAnswer> {
  return api.post('/api/khata/mine/pay', myKhataPayAnswerSchema, { body: { amount } });
}

/**
 * `POST /api/khata/mine/pay/verify`: Checkout's signed answer, checked by the server, which posts
 * the payment to the khata (once). Throws `ApiError` with the server's message when it refuses.
 */
export function verifyKhataPayment(body: PaymentVerifyBody): Promise<PaymentVerifyAnswer> {
  return api.post('/api/khata/mine/pay/verify', paymentVerifyAnswerSchema, { body });
}
