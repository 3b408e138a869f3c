import { serviceableAnswerSchema, type ServiceableAnswer } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/shop/serviceable`: whether the shop delivers to `zipcode`, in a sentence. */
export function getServiceable(zipcode: string, signal?: AbortSignal): Promise<ServiceableAnswer> {
  return api.get(
    `/api/shop/serviceable?zipcode=${encodeURIComponent(zipcode)}`,
    serviceableAnswerSchema,
    { signal },
  );
}
