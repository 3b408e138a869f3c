import { sellerSessionAnswerSchema, type SellerSessionAnswer } from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/** `POST /api/seller/logout` (the spec's GET also works, but a sign-out is a change): ends the seller's session. Throws `ApiError`. */
export function logoutSeller(): Promise<SellerSessionAnswer> {
  return api.post('/api/seller/logout', sellerSessionAnswerSchema);
}
