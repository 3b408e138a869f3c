import { addressListAnswerSchema, type Address } from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/** `GET /api/address/get`: the logged-in shopper's saved addresses. Throws `ApiError`. */
export async function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  return (await api.get('/api/address/get', addressListAnswerSchema, { signal })).addresses;
}
