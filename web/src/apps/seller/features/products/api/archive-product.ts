import {
  productSavedAnswerSchema,
  type ArchiveProductBody,
  type ProductSavedAnswer,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `POST /api/product/archive`: the product leaves the catalogue for good. Throws `ApiError`. */
export function archiveProduct(body: ArchiveProductBody): Promise<ProductSavedAnswer> {
  return api.post('/api/product/archive', productSavedAnswerSchema, { body });
}
