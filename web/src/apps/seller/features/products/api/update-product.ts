import { productSavedAnswerSchema, type ProductSavedAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/product/update`, multipart like add (see `productUpdateFormData`). Throws
 * `ApiError` with the server's message, e.g. a 400 naming the field, or a 409 for a product
 * archived meanwhile.
 */
export function updateProduct(form: FormData): Promise<ProductSavedAnswer> {
  return api.post('/api/product/update', productSavedAnswerSchema, { body: form });
}
