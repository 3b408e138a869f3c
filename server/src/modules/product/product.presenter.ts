import { toRupees, type Product as ProductDto, type SearchNameDto } from '@kirana/shared';
import { absoluteUrl } from '../upload/image-url.js';
import type { Product, SearchName } from './product.entity.js';
import { unitFieldsOf } from './product-packs.js';

/**
 * A product as answered: its pictures as absolute URLs under `publicUrl` (this server's origin),
 * so that a client served from another origin shows them; the stored paths stay relative, and
 * so do the answered ones without a `publicUrl` (live events when PUBLIC_URL is unset).
 */
export function presentProduct(product: Product, publicUrl: string | undefined): ProductDto {
  return {
    _id: product.id,
    name: product.name,
    category: product.category,
    description: product.description,
    price: toRupees(product.pricePaise),
    offerPrice: toRupees(product.offerPricePaise),
    image: product.images.map((image) => absoluteUrl(image, publicUrl)),
    inStock: product.inStock,
    stockCount: product.stockCount ?? null,
    pastCount: product.pastCount,
    weight: product.weight ?? null,
    sku: product.sku ?? null,
    barcode: product.barcode ?? null,
    ...unitFieldsOf(product),
    archivedAt: product.archivedAt?.toISOString() ?? null,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** A search name as answered. */
export const presentSearchName = ({ id, name, means }: SearchName): SearchNameDto => ({
  _id: id,
  name,
  means,
});
