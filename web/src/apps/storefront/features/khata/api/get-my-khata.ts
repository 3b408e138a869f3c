import { myKhataAnswerSchema, type MyKhataAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `GET /api/khata/mine?before=`: the shopper's khata (null when the shop keeps none for them) with
 * a page of its entries, newest first: those older than entry `before` when given. Throws
 * `ApiError`.
 */
export function getMyKhata(before?: string, signal?: AbortSignal): Promise<MyKhataAnswer> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return api.get(`/api/khata/mine${query}`, myKhataAnswerSchema, { signal });
}
