import {
  sellerOrderAnswerSchema,
  type SellerOrderAnswer,
  type UnlockPinBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/order/seller/unlock-pin`: after too many wrong delivery PINs, lets the agent try
 * again; answers the order as the seller lists it now. Throws `ApiError` (404 unknown order).
 */
export function unlockPin(body: UnlockPinBody): Promise<SellerOrderAnswer> {
  return api.post('/api/order/seller/unlock-pin', sellerOrderAnswerSchema, { body });
}
