import {
  sellerOrderAnswerSchema,
  type AssignOrderBody,
  type SellerOrderAnswer,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/order/seller/assign`: hands an open order to an agent, as if they had accepted it.
 * Throws `ApiError` (e.g. a 409 when another agent took it meanwhile).
 */
export function assignOrder(body: AssignOrderBody): Promise<SellerOrderAnswer> {
  return api.post('/api/order/seller/assign', sellerOrderAnswerSchema, { body });
}
