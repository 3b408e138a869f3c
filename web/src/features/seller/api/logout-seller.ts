import { sellerSessionAnswerSchema, type SellerSessionAnswer } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/seller/logout`: ends the seller's session. Throws `ApiError`. */
export function logoutSeller(): Promise<SellerSessionAnswer> {
  return api.get('/api/seller/logout', sellerSessionAnswerSchema);
}
