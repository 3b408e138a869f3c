/**
 * A product as an order's item lists it (plain SQL rows, no entities): read with the order
 * (order-reads.ts readListedOrders) or as placing took it (take-for-sale.ts, `asListed`), the
 * same columns under the same names, made into the same Product.
 */
import type { Unit } from '@kirana/shared';
import type { Product } from './product.entity.js';

/**
 * The product's columns an order's listing reads, named as in its row (`product_` before those
 * an order's or an item's column also has).
 */
export interface ListedProductRow {
  product_id: string;
  product_name: string;
  category: string;
  description: string[];
  price_paise: number;
  offer_price_paise: number;
  images: string[];
  product_in_stock: boolean;
  product_stock_count: number | null;
  product_past_count: number;
  weight: string | null;
  sku: string | null;
  barcode: string | null;
  steps: number[] | null;
  scale_code: string | null;
  family: string | null;
  pack_label: string | null;
  draws_from: string | null;
  pack_quantity: number | null;
  product_hsn: string | null;
  product_gst_rate: number | null;
  archived_at: Date | string | null;
  product_created_at: Date | string;
  product_updated_at: Date | string;
}

/** `row`'s product as an item sold in `unit` lists it; `date` reads its timestamps. */
export function listedProduct(
  row: ListedProductRow,
  unit: Unit,
  date: (value: Date | string) => Date,
): Product {
  return {
    id: row.product_id,
    name: row.product_name,
    category: row.category,
    description: row.description,
    pricePaise: row.price_paise,
    offerPricePaise: row.offer_price_paise,
    images: row.images,
    inStock: row.product_in_stock,
    stockCount: row.product_stock_count,
    pastCount: row.product_past_count,
    weight: row.weight,
    sku: row.sku,
    barcode: row.barcode,
    unit,
    steps: row.steps,
    scaleCode: row.scale_code,
    family: row.family,
    packLabel: row.pack_label,
    drawsFrom: row.draws_from,
    packQuantity: row.pack_quantity,
    hsn: row.product_hsn,
    gstRate: row.product_gst_rate,
    archivedAt: row.archived_at === null ? null : date(row.archived_at),
    createdAt: date(row.product_created_at),
    updatedAt: date(row.product_updated_at),
  };
}
