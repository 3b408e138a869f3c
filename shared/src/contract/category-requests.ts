import * as z from 'zod/mini';
import { CATEGORY_PATH_PATTERN } from './category.js';
import { idField, jsonField, readableText, requiredText } from './common.js';

/*
 * The seller's requests that change categories, apart from what every client reads (category.ts):
 * a page that only reads categories carries none of these checks.
 */

const colourField = z
  .string({ error: 'bgColor must be a colour such as #FEF6DA' })
  .check(z.trim(), z.regex(/^#[0-9A-Fa-f]{6}$/, 'bgColor must be a colour such as #FEF6DA'));

const categoryFields = {
  text: requiredText('text', 60),
  bgColor: colourField,
  position: z
    .int({ error: 'position must be a whole number' })
    .check(z.minimum(1, 'position must be at least 1'), z.maximum(1000, 'position is too large')),
  hidden: z.boolean({ error: 'hidden must be true or false' }),
};

/**
 * The multipart `categoryData` of `POST /api/category/add` (JSON text; the tile picture, if any,
 * as the file `image`): a label, a path, a colour; placed last and shown unless said otherwise.
 */
export const categoryDataFieldSchema = z.pipe(
  jsonField('categoryData'),
  z.object(
    {
      text: categoryFields.text,
      path: z
        .string({ error: 'path is required' })
        .check(
          z.trim(),
          z.regex(
            CATEGORY_PATH_PATTERN,
            'path must start with a letter and hold only letters, digits and hyphens (at most 40)',
          ),
          ...readableText('path'),
        ),
      bgColor: categoryFields.bgColor,
      position: z.optional(categoryFields.position),
      hidden: z.optional(categoryFields.hidden),
    },
    { error: 'categoryData must be a JSON object' },
  ),
);
export type CategoryData = z.output<typeof categoryDataFieldSchema>;

/**
 * The multipart `categoryData` of `POST /api/category/update`: the `id` and what changes (a new
 * tile as the file `image`). The path is not among them: URLs and other clients rely on it.
 */
export const categoryUpdateFieldSchema = z.pipe(
  jsonField('categoryData'),
  z.object(
    {
      id: idField('id'),
      text: z.optional(categoryFields.text),
      bgColor: z.optional(categoryFields.bgColor),
      position: z.optional(categoryFields.position),
      hidden: z.optional(categoryFields.hidden),
    },
    { error: 'categoryData must be a JSON object' },
  ),
);
export type CategoryUpdate = z.output<typeof categoryUpdateFieldSchema>;
