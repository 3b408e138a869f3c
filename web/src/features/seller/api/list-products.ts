import { productListAnswerSchema, type Product } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/product/list`: every product, out of stock ones included. Throws `ApiError`. */
export async function listProducts(signal?: AbortSignal): Promise<Product[]> {
  return (await api.get('/api/product/list', productListAnswerSchema, { signal })).products;
}
