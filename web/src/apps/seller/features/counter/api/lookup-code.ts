import { counterLookupAnswerSchema, type CounterLookupAnswer } from '@kirana/shared';
import type { ApiClient } from '../../../../../lib/api-client';

/**
 * `GET /api/counter/lookup?code=`: the live product with this barcode (as a scanner types it) or
 * the shop's code; for a weighing scale's label, its product and the label's `quantity` in grams
 * (millilitres). Throws `ApiError`, 404 for a code no product has, 400 for a label misread.
 */
export async function lookUpCode(
  api: ApiClient,
  code: string,
  signal?: AbortSignal,
): Promise<Pick<CounterLookupAnswer, 'product' | 'quantity'>> {
  const query = new URLSearchParams({ code });
  const { product, quantity } = await api.get(
    `/api/counter/lookup?${query}`,
    counterLookupAnswerSchema,
    { signal },
  );
  return { product, quantity };
}
