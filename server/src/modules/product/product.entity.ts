import { UNITS } from '@kirana/shared';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/base.js';

export const ProductSchema = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: {
    id: idProperty(),
    name: p.string().length(200),
    /** The path of its category (a foreign key to categories.path). */
    category: p.string().length(40).index(),
    description: p.json<string[]>(),
    /**
     * By the piece, the kilo or the litre; loose, the prices are per kilo (litre) and the counts
     * grams (ml) (docs/catalogue.md#loose-goods-and-packs).
     */
    unit: p.enum(UNITS).default('piece'),
    /** Money is integer paise (docs/architecture.md#database). */
    pricePaise: p.integer().check('price_paise > 0'),
    offerPricePaise: p
      .integer()
      .check('offer_price_paise > 0 and offer_price_paise <= price_paise'),
    /** URLs of the widest stored WebP of each image, in display order. */
    images: p.json<string[]>(),
    inStock: p.boolean().default(true),
    /**
     * Units left, or null when not counted (docs/orders.md#stock). Placing an order takes its
     * units with a conditional update; the check keeps any race from going below 0.
     */
    stockCount: p.integer().nullable().check('stock_count >= 0'),
    /**
     * Units sold past the count (at 0, the customer holding the packet) since the count was last
     * set: the shelf wants counting. Setting the count puts it back to 0.
     */
    pastCount: p.integer().default(0).check('past_count >= 0'),
    weight: p.string().length(50).nullable(),
    /** The shop's own code; unique among live products, in any case (a partial unique index). */
    sku: p.string().length(64).nullable(),
    /** The pack's EAN/UPC or the shop's own code; unique among live products. */
    barcode: p.string().length(32).nullable(),
    /** Loose: the grams (ml) offered online, ascending; null by the piece. */
    steps: p.json<number[]>().nullable(),
    /** Loose: the 5 digits of its weighing-scale labels; unique among live products. */
    scaleCode: p.string().length(5).nullable(),
    /** The name its pack sizes share, and its own size's label: both or neither. */
    family: p.string().length(200).nullable(),
    packLabel: p.string().length(40).nullable(),
    /**
     * A pack's loose product (its id), whose stock it is sold from `packQuantity` grams (ml) at a
     * time; the pack keeps no count of its own.
     */
    drawsFrom: p.uuid().nullable(),
    packQuantity: p.integer().nullable(),
    /**
     * Its HSN code and GST rate in hundredths of a percent (5 % is 500): a registered shop sells
     * it only with both (docs/gst.md#products).
     */
    hsn: p.string().length(8).nullable(),
    gstRate: p.smallint().nullable().check('gst_rate in (0, 25, 300, 500, 1800, 4000)'),
    /** Set once archived: out of the catalogue for good, kept for the orders that hold it. */
    archivedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type Product = InferEntity<typeof ProductSchema>;

/**
 * An Indian name of a grocery that the seller added (`doodh` → milk), searched beside the shipped
 * list (product-search.ts).
 */
export const SearchNameSchema = defineEntity({
  name: 'SearchName',
  tableName: 'search_names',
  properties: {
    id: idProperty(),
    name: p.string().length(60),
    means: p.string().length(60),
    createdAt: createdAtProperty(),
  },
});
export type SearchName = InferEntity<typeof SearchNameSchema>;

/** What a line of a product's history records. */
export const PRODUCT_EVENT_TYPES = ['added', 'stock', 'edited', 'archived'] as const;

/**
 * One line of a product's history: the seller's changes, by whom and when, with the switch and
 * the count after it. Orders taking and returning units are in the orders' own history.
 */
export const ProductEventSchema = defineEntity({
  name: 'ProductEvent',
  tableName: 'product_events',
  properties: {
    id: idProperty(),
    product: () => p.manyToOne(ProductSchema).index().deleteRule('cascade'),
    type: p.enum(PRODUCT_EVENT_TYPES),
    actorRole: p.enum(['seller'] as const),
    inStock: p.boolean(),
    stockCount: p.integer().nullable(),
    /** What an edit changed, e.g. 'name, offer price, pictures'. */
    note: p.string().length(200).nullable(),
    createdAt: createdAtProperty(),
  },
});
export type ProductEvent = InferEntity<typeof ProductEventSchema>;
