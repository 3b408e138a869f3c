import { shopAnswerSchema, type ShopAnswer } from '@kirana/shared';
import type { ApiClient } from '../../../lib/api-client';

/** `GET /api/shop`: the shop, open or not now; to the seller, with its PIN codes. */
export function getShop(api: ApiClient, signal?: AbortSignal): Promise<ShopAnswer> {
  return api.get('/api/shop', shopAnswerSchema, { signal });
}
