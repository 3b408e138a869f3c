import { shopSavedAnswerSchema, type ShopSavedAnswer, type ShopUpdateBody } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `PUT /api/shop` (seller): changes the settings `body` names; answers them as saved. */
export function saveShop(body: ShopUpdateBody): Promise<ShopSavedAnswer> {
  return api.put('/api/shop', shopSavedAnswerSchema, { body });
}
