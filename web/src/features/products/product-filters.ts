import {
  BEST_SELLERS_COUNT,
  CATEGORIES,
  RELATED_COUNT,
  categoryByPath,
  type Category,
  type Product,
} from '@kirana/shared';

/*
 * Which products a screen lists, as pure functions of the catalogue (in its creation order).
 * Shoppers are only ever offered products that are in stock.
 */

/** The products shoppers may buy now. */
export const inStock = (products: readonly Product[]) =>
  products.filter((product) => product.inStock);

/** The home page's best sellers: the first five in-stock products. */
export function bestSellers(products: readonly Product[]): Product[] {
  return inStock(products).slice(0, BEST_SELLERS_COUNT);
}

/** Search text as compared: trimmed, lower case, inner spaces collapsed. */
export function normalizeSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The in-stock products whose name, or whose category's label or path, contains the search text
 * (any case). Empty text matches every in-stock product.
 */
export function searchProducts(products: readonly Product[], text: string): Product[] {
  const wanted = normalizeSearch(text);
  const available = inStock(products);
  if (wanted === '') return available;
  return available.filter((product) => {
    const category = categoryByPath(product.category);
    return [product.name, product.category, category?.text ?? '']
      .map((field) => field.toLowerCase())
      .some((field) => field.includes(wanted));
  });
}

export interface CategoryGroup {
  category: Category;
  products: Product[];
}

/** Products grouped under their category, in the shop's category order; empty groups left out. */
export function groupByCategory(products: readonly Product[]): CategoryGroup[] {
  return CATEGORIES.map((category) => ({
    category,
    products: products.filter((product) => product.category === category.path),
  })).filter((group) => group.products.length > 0);
}

/** The in-stock products of the category named in a URL, compared in lower case. */
export function productsInCategory(products: readonly Product[], path: string): Product[] {
  const wanted = path.toLowerCase();
  return inStock(products).filter((product) => product.category.toLowerCase() === wanted);
}

/** Up to five other in-stock products of the same category, in catalogue order. */
export function relatedProducts(products: readonly Product[], product: Product): Product[] {
  return inStock(products)
    .filter((other) => other.category === product.category && other._id !== product._id)
    .slice(0, RELATED_COUNT);
}
