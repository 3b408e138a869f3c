import {
  counterCatalogueAnswerSchema,
  khataCustomersAnswerSchema,
  type CounterCatalogueAnswer,
  type KhataCustomersAnswer,
} from '@kirana/shared';
import type { ApiClient } from '../../../../../lib/api-client';

/**
 * `GET /api/counter/catalogue?after=`: a page of the live catalogue in the order of the products'
 * ids, after the id `after` (null: from the first); `next` the id to ask after, null on the last
 * page. Throws `ApiError`.
 */
export function getCataloguePage(
  api: ApiClient,
  after: string | null,
  signal?: AbortSignal,
): Promise<CounterCatalogueAnswer> {
  const query = after === null ? '' : `?${new URLSearchParams({ after })}`;
  return api.get(`/api/counter/catalogue${query}`, counterCatalogueAnswerSchema, { signal });
}

/**
 * `GET /api/khata/customers?page=`: a page of all khata customers by name, with how many pages
 * there are. Throws `ApiError`.
 */
export function getKhataCustomersPage(
  api: ApiClient,
  page: number,
  signal?: AbortSignal,
): Promise<KhataCustomersAnswer> {
  const query = page > 1 ? `?${new URLSearchParams({ page: String(page) })}` : '';
  return api.get(`/api/khata/customers${query}`, khataCustomersAnswerSchema, { signal });
}
