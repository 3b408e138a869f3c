import { toRupees, type Product as ProductDto } from '@kirana/shared';
import type { Product } from './product.entity.js';

export function presentProduct(product: Product): ProductDto {
  return {
    _id: product.id,
    name: product.name,
    category: product.category,
    description: product.description,
    price: toRupees(product.pricePaise),
    offerPrice: toRupees(product.offerPricePaise),
    image: product.images,
    inStock: product.inStock,
    weight: product.weight ?? null,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}
