import { counterSalesAnswerSchema, type CounterSalesAnswer } from '@kirana/shared';
import type { ApiClient } from '../../../../../lib/api-client';

/**
 * `GET /api/counter/sales?date=&before=`: the shop's day's walk-in sales, newest first, a page at
 * a time (`before`: the last bill number of the page before). Without `date`, the shop's today.
 * With `number`: the bill with that number on its receipt, whatever its day (none found: no
 * sales).
 */
export function getSales(
  api: ApiClient,
  { date, before, number }: { date?: string; before?: number; number?: string },
  signal?: AbortSignal,
): Promise<CounterSalesAnswer> {
  const query = new URLSearchParams();
  if (date) query.set('date', date);
  if (before !== undefined) query.set('before', String(before));
  if (number !== undefined) query.set('number', number);
  return api.get(`/api/counter/sales?${query}`, counterSalesAnswerSchema, { signal });
}
