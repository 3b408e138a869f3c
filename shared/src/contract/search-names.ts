import * as z from 'zod/mini';
import { idField, messageAnswerSchema, requestBody, requiredText } from './common.js';

/** An Indian name of a grocery the seller added, searched as `means` is: `thandai` → milkshake. */
export const searchNameSchema = z.object({ _id: z.string(), name: z.string(), means: z.string() });
export type SearchNameDto = z.infer<typeof searchNameSchema>;

/** `GET /api/product/search-names` (seller): the seller's own, beside the shipped list. */
export const searchNamesAnswerSchema = z.object({
  success: z.literal(true),
  names: z.array(searchNameSchema),
});
export type SearchNamesAnswer = z.infer<typeof searchNamesAnswerSchema>;

/** `POST /api/product/search-names`: a name shoppers type, and the word of the catalogue it means. */
export const searchNameBodySchema = requestBody({
  name: requiredText('name', 60),
  means: requiredText('means', 60),
});
export type SearchNameBody = z.infer<typeof searchNameBodySchema>;

/** `POST /api/product/search-names`: the name added. */
export const searchNameSavedAnswerSchema = z.extend(messageAnswerSchema, {
  name: searchNameSchema,
});
export type SearchNameSavedAnswer = z.infer<typeof searchNameSavedAnswerSchema>;

/** `POST /api/product/search-names/remove`. */
export const removeSearchNameBodySchema = requestBody({ id: idField('id') });
