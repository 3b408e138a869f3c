import { productSavedAnswerSchema, type ProductSavedAnswer, type StockBody } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/product/stock`: marks a product in or out of stock. Throws `ApiError`. */
export function setProductStock(body: StockBody): Promise<ProductSavedAnswer> {
  return api.post('/api/product/stock', productSavedAnswerSchema, { body });
}
