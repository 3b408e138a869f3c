import {
  percentOf,
  toRupees,
  type Pack,
  type Product as ProductDto,
  type SearchNameDto,
} from '@kirana/shared';
import { absoluteUrl } from '../upload/image-url.js';
import type { Product, SearchName } from './product.entity.js';
import { unitFieldsOf } from './product-packs.js';
import type { PackRow } from './product-search.js';

/** What the storefront's answers add to a product: its family's sizes, its loose stock. */
export interface Related {
  /** The sizes of each family (product-search.ts packsOf). */
  packs?: ReadonlyMap<string, readonly PackRow[]>;
  /** The loose products packs draw from (product-search.ts drawnStockOf). */
  drawn?: ReadonlyMap<string, { inStock: boolean; stockCount: number | null }>;
}

/**
 * A product as answered: its pictures as absolute URLs under `publicUrl` (this server's origin),
 * so that a client served from another origin shows them; the stored paths stay relative, and
 * so do the answered ones without a `publicUrl` (live events when PUBLIC_URL is unset). Given the
 * `packs` of its family, a pack answers them for the storefront's size chooser; given the loose
 * stock it `drawn` from, a pack is in stock only while one pack of it is left (it keeps no count
 * of its own).
 */
export function presentProduct(
  product: Product,
  publicUrl: string | undefined,
  { packs, drawn }: Related = {},
): ProductDto {
  const sizes = product.family ? packs?.get(product.family) : undefined;
  const loose = product.drawsFrom ? drawn?.get(product.drawsFrom) : undefined;
  const looseLeft =
    !loose ||
    (loose.inStock &&
      (loose.stockCount === null || loose.stockCount >= (product.packQuantity ?? 0)));
  return {
    _id: product.id,
    name: product.name,
    category: product.category,
    description: product.description,
    price: toRupees(product.pricePaise),
    offerPrice: toRupees(product.offerPricePaise),
    image: product.images.map((image) => absoluteUrl(image, publicUrl)),
    inStock: product.inStock && looseLeft,
    stockCount: product.stockCount ?? null,
    pastCount: product.pastCount,
    weight: product.weight ?? null,
    sku: product.sku ?? null,
    barcode: product.barcode ?? null,
    ...unitFieldsOf(product),
    hsn: product.hsn ?? null,
    gstRate: percentOf(product.gstRate ?? null),
    ...(sizes && { packs: sizes.map(presentPack) }),
    archivedAt: product.archivedAt?.toISOString() ?? null,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

const presentPack = (pack: PackRow): Pack => ({
  _id: pack.id,
  category: pack.category,
  packLabel: pack.packLabel,
  price: toRupees(pack.pricePaise),
  offerPrice: toRupees(pack.offerPricePaise),
  inStock: pack.inStock,
});

/** A search name as answered. */
export const presentSearchName = ({ id, name, means }: SearchName): SearchNameDto => ({
  _id: id,
  name,
  means,
});
