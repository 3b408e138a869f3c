import {
  messageAnswerSchema,
  searchNameSavedAnswerSchema,
  searchNamesAnswerSchema,
  type SearchNameBody,
  type SearchNameDto,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `GET /api/product/search-names`: the seller's own Indian names. Throws `ApiError`. */
export async function listSearchNames(signal?: AbortSignal): Promise<SearchNameDto[]> {
  return (await api.get('/api/product/search-names', searchNamesAnswerSchema, { signal })).names;
}

/** `POST /api/product/search-names`. Throws `ApiError` (409: the shop has it already). */
export async function addSearchName(body: SearchNameBody): Promise<SearchNameDto> {
  return (await api.post('/api/product/search-names', searchNameSavedAnswerSchema, { body })).name;
}

/** `POST /api/product/search-names/remove`. Throws `ApiError`. */
export async function removeSearchName(id: string): Promise<void> {
  await api.post('/api/product/search-names/remove', messageAnswerSchema, { body: { id } });
}
