import {
  sellerSessionAnswerSchema,
  type SellerLoginBody,
  type SellerSessionAnswer,
} from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/**
 * `POST /api/seller/login`: starts the seller's cookie session. Throws `ApiError`, e.g. 401
 * 'Invalid email or password' or 429 after too many failed attempts.
 */
export function loginSeller(body: SellerLoginBody): Promise<SellerSessionAnswer> {
  return api.post('/api/seller/login', sellerSessionAnswerSchema, { body });
}
