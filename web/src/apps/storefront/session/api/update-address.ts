import {
  addressSavedAnswerSchema,
  type AddressInput,
  type AddressSavedAnswer,
} from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/** `PUT /api/address/update/{id}`: changes one of the shopper's addresses. Throws `ApiError`. */
export function updateAddress(id: string, address: AddressInput): Promise<AddressSavedAnswer> {
  return api.put(`/api/address/update/${encodeURIComponent(id)}`, addressSavedAnswerSchema, {
    body: { address },
  });
}
