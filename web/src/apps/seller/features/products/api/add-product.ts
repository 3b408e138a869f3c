import { productSavedAnswerSchema, type ProductSavedAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/product/add`, multipart: `productData` JSON and up to 4 `images` (see
 * `productFormData`). Throws `ApiError` with the server's message, e.g. a 400 naming the field
 * or a 413 for a picture that is too large.
 */
export function addProduct(form: FormData): Promise<ProductSavedAnswer> {
  return api.post('/api/product/add', productSavedAnswerSchema, { body: form });
}
