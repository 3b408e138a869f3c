import {
  counterSaleAnswerSchema,
  IDEMPOTENCY_KEY_HEADER,
  type CounterSale,
  type CounterSaleBody,
} from '@kirana/shared';
import type { ApiClient } from '../../../../../lib/api-client';

/**
 * `POST /api/counter/sales`: the walk-in sale, its units taken from the shop's stock. The same
 * `idempotencyKey` again (a retry after a lost answer) answers the first sale and sells nothing
 * more. Throws `ApiError`: 409 OUT_OF_STOCK naming the product and what is left, TILL_NOT_OPEN,
 * CREDIT_LIMIT (a khata bill past the customer's limit).
 */
export async function sell(
  api: ApiClient,
  body: CounterSaleBody,
  idempotencyKey: string,
): Promise<CounterSale> {
  return (
    await api.post('/api/counter/sales', counterSaleAnswerSchema, {
      body,
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    })
  ).sale;
}
