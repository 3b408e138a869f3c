import type { CategoryDto, Pack, Product, ProductPageAnswer } from '@kirana/shared';
import { SOLD_BY_THE_PIECE } from '@kirana/shared';

let counter = 0;

/** A product for unit tests: in stock, with a fresh id, and any field overridden. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  counter += 1;
  const id = `0190a5b2-7c3e-7a10-8000-${String(counter).padStart(12, '0')}`;
  return {
    _id: id,
    name: `Product ${counter}`,
    category: 'Vegetables',
    description: ['Fresh'],
    price: 50,
    offerPrice: 40,
    image: [`/uploads/demo/product-${counter}-800.webp`],
    inStock: true,
    stockCount: null,
    pastCount: 0,
    archivedAt: null,
    weight: '500 g',
    sku: null,
    barcode: null,
    hsn: null,
    gstRate: null,
    ...SOLD_BY_THE_PIECE,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * Toor Dal sold loose by the kilo at ₹140/kg, 12.5 kg left, offered online in 250 g, 500 g and
 * 1 kg, with scale code 00042; and a pack of it, "Toor Dal 1 kg", sold from its stock.
 */
export function aLooseProductAndPack(overrides: Partial<Product> = {}) {
  const loose = aProduct({
    name: 'Toor Dal',
    unit: 'kg',
    price: 140,
    offerPrice: 140,
    stockCount: 12_500,
    steps: [250, 500, 1000],
    scaleCode: '00042',
    ...overrides,
  });
  const pack = aProduct({
    name: 'Toor Dal 1 kg',
    family: 'Toor Dal',
    packLabel: '1 kg',
    drawsFrom: loose._id,
    packQuantity: 1000,
  });
  return { loose, pack };
}

/** `product` as a size in its family's `packs` (the size chooser's). */
export const sizeOf = (product: Product): Pack => ({
  _id: product._id,
  category: product.category,
  packLabel: product.packLabel ?? '',
  price: product.price,
  offerPrice: product.offerPrice,
  inStock: product.inStock,
});

/** The server's answer of a search or a listing that has `products`, all on one page. */
export const aPage = (products: Product[]): ProductPageAnswer => ({
  success: true,
  products,
  total: products.length,
  hasMore: false,
});

/** A category as the server lists it. */
export const aCategory = (text: string, path: string, hidden = false): CategoryDto => ({
  _id: `category-${path}`,
  text,
  path,
  image: `/uploads/categories/${path}.webp`,
  bgColor: '#FEF6DA',
  position: 1,
  hidden,
});
