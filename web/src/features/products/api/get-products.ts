import { productListAnswerSchema, type Product } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/product/list`: every product of the shop, in and out of stock. Throws `ApiError`. */
export async function getProducts(signal?: AbortSignal): Promise<Product[]> {
  const answer = await api.get('/api/product/list', productListAnswerSchema, { signal });
  return answer.products;
}
