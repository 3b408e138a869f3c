import {
  sellerOrderAnswerSchema,
  type SellerOrderAnswer,
  type ReleaseOrderBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/order/seller/release`: takes an order back from its agent; it returns to the open
 * pool and the answer is the order as the seller lists it now. Throws `ApiError` (e.g. a 409
 * for an order delivered or no longer held by anyone).
 */
export function releaseOrder(body: ReleaseOrderBody): Promise<SellerOrderAnswer> {
  return api.post('/api/order/seller/release', sellerOrderAnswerSchema, { body });
}
