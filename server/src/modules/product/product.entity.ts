import { CATEGORY_PATHS } from '@kirana/shared';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/base.js';

export const ProductSchema = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: {
    id: idProperty(),
    name: p.string().length(200),
    category: p.enum(CATEGORY_PATHS).index(),
    description: p.json<string[]>(),
    /** Money is integer paise (design: Database). */
    pricePaise: p.integer().check('price_paise > 0'),
    offerPricePaise: p
      .integer()
      .check('offer_price_paise > 0 and offer_price_paise <= price_paise'),
    /** URLs of the widest stored WebP of each image, in display order. */
    images: p.json<string[]>(),
    inStock: p.boolean().default(true),
    weight: p.string().length(50).nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type Product = InferEntity<typeof ProductSchema>;
