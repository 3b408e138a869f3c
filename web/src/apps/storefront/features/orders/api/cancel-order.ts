import {
  cancelOrderAnswerSchema,
  type CancelOrderAnswer,
  type CancelOrderBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/order/cancel`: cancels the shopper's own order, until it is picked; a paid one is
 * refunded. Throws `ApiError` (e.g. a 409 once the agent has picked it up).
 */
export function cancelOrder(body: CancelOrderBody): Promise<CancelOrderAnswer> {
  return api.post('/api/order/cancel', cancelOrderAnswerSchema, { body });
}
