import { bulkStockAnswerSchema, type BulkStockAnswer, type BulkStockBody } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `POST /api/product/stock/bulk`: several products' stock, all or none. Throws `ApiError`. */
export function setStocks(body: BulkStockBody): Promise<BulkStockAnswer> {
  return api.post('/api/product/stock/bulk', bulkStockAnswerSchema, { body });
}
