import { productSavedAnswerSchema, type ProductSavedAnswer, type StockBody } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `POST /api/product/stock`: the in/out switch, the count of units, or both. Throws `ApiError`. */
export function setProductStock(body: StockBody): Promise<ProductSavedAnswer> {
  return api.post('/api/product/stock', productSavedAnswerSchema, { body });
}
