import {
  addressSavedAnswerSchema,
  type AddressInput,
  type AddressSavedAnswer,
} from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/** `POST /api/address/add`: saves a new address for the logged-in shopper. Throws `ApiError`. */
export function addAddress(address: AddressInput): Promise<AddressSavedAnswer> {
  return api.post('/api/address/add', addressSavedAnswerSchema, { body: { address } });
}
