import {
  khataCustomerAnswerSchema,
  khataCustomersAnswerSchema,
  type KhataCustomerAnswer,
  type KhataCustomerBody,
  type KhataCustomersAnswer,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** What the Khata screen asks for: a name or phone, only those who owe, a page. */
export interface KhataCustomerList {
  q?: string | undefined;
  owing?: boolean | undefined;
  page?: number | undefined;
}

const customerPath = (id: string) => `/api/khata/customers/${encodeURIComponent(id)}`;

/** `GET /api/khata/customers?q=&owing=true&page=`: a page of customers and what all owe. */
export function listKhataCustomers(
  { q, owing, page }: KhataCustomerList,
  signal?: AbortSignal,
): Promise<KhataCustomersAnswer> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (owing) params.set('owing', 'true');
  if (page !== undefined && page > 1) params.set('page', String(page));
  const query = params.toString();
  return api.get(`/api/khata/customers${query ? `?${query}` : ''}`, khataCustomersAnswerSchema, {
    signal,
  });
}

/** `GET /api/khata/customers/{id}`: one customer. Throws `ApiError`, e.g. 404. */
export function getKhataCustomer(id: string, signal?: AbortSignal): Promise<KhataCustomerAnswer> {
  return api.get(customerPath(id), khataCustomerAnswerSchema, { signal });
}

/**
 * `POST /api/khata/customers` (a new customer, `id` none) or `PUT /api/khata/customers/{id}`.
 * Throws `ApiError`, e.g. 400 for a field, 409 PHONE_TAKEN.
 */
export function saveKhataCustomer(
  id: string | null,
  body: KhataCustomerBody,
): Promise<KhataCustomerAnswer> {
  return id === null
    ? api.post('/api/khata/customers', khataCustomerAnswerSchema, { body })
    : api.put(customerPath(id), khataCustomerAnswerSchema, { body });
}

export { customerPath };
