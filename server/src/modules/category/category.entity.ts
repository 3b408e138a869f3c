import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/base.js';

/**
 * A category of the shop (docs/catalogue.md#categories), managed by the seller; the spec's
 * seven are seeded by the migration. Products name it by `path`, which never changes.
 */
export const CategorySchema = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    id: idProperty(),
    path: p.string().length(40).unique(),
    label: p.string().length(60),
    /** The tile's picture: a stored WebP's URL. */
    image: p.string().length(500),
    bgColor: p.string().length(7),
    /** The seller's order, smallest first. */
    position: p.integer(),
    /** Off the storefront: no tile, no page, its products in no listing or search. */
    hidden: p.boolean().default(false),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type Category = InferEntity<typeof CategorySchema>;
