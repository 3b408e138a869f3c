import { sellerAuthAnswerSchema } from '@kirana/shared';
import { ApiError, api } from '../../../../lib/api-client';

/**
 * `GET /api/seller/is-auth`: whether the seller's session is live; false on 401.
 * Throws `ApiError` for anything else (e.g. an unreachable server).
 */
export async function getSellerAuth(signal?: AbortSignal): Promise<boolean> {
  try {
    await api.get('/api/seller/is-auth', sellerAuthAnswerSchema, { signal });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return false;
    throw error;
  }
}
