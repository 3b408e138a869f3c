import {
  counterReturnAnswerSchema,
  IDEMPOTENCY_KEY_HEADER,
  type CounterReturnAnswer,
  type CounterReturnBody,
} from '@kirana/shared';
import type { ApiClient } from '../../../../../lib/api-client';

/**
 * `POST /api/counter/sales/{id}/return`: units of a sale back on the shelf, and the money given
 * back the way it was paid; the same `idempotencyKey` again (a retry) gives back once. Throws
 * `ApiError`, 409 for more than is left to return.
 */
export function returnUnits(
  api: ApiClient,
  saleId: string,
  body: CounterReturnBody,
  idempotencyKey: string,
): Promise<CounterReturnAnswer> {
  return api.post(
    `/api/counter/sales/${encodeURIComponent(saleId)}/return`,
    counterReturnAnswerSchema,
    { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  );
}
