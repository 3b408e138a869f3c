/** A shop category: `text` is the label shoppers see, `path` the value stored on products and used in URLs. */
export interface Category {
  text: string;
  path: CategoryPath;
  bgColor: string;
  /** Tile image, rendered by the server's seeder into the uploads store. */
  image: string;
}

export const CATEGORY_PATHS = [
  'Vegetables',
  'Fruits',
  'Drinks',
  'Instant',
  'Dairy',
  'Bakery',
  'Grains',
] as const;

export type CategoryPath = (typeof CATEGORY_PATHS)[number];

const tile = (path: CategoryPath) => `/uploads/categories/${path.toLowerCase()}.webp`;

export const CATEGORIES: readonly Category[] = [
  { text: 'Organic veggies', path: 'Vegetables', bgColor: '#FEF6DA', image: tile('Vegetables') },
  { text: 'Fresh Fruits', path: 'Fruits', bgColor: '#FEE0E0', image: tile('Fruits') },
  { text: 'Cold Drinks', path: 'Drinks', bgColor: '#F0F5DE', image: tile('Drinks') },
  { text: 'Instant Food', path: 'Instant', bgColor: '#E1F5EC', image: tile('Instant') },
  { text: 'Dairy Products', path: 'Dairy', bgColor: '#FEE6CD', image: tile('Dairy') },
  { text: 'Bakery & Breads', path: 'Bakery', bgColor: '#E0F6FE', image: tile('Bakery') },
  { text: 'Grains & Cereals', path: 'Grains', bgColor: '#F1E3F9', image: tile('Grains') },
];

/** The category whose path matches, compared in lower case as the spec's category URLs are. */
export function categoryByPath(path: string): Category | undefined {
  const wanted = path.toLowerCase();
  return CATEGORIES.find((category) => category.path.toLowerCase() === wanted);
}

/** The storefront's listing URL of a category; the spec compares categories in lower case. */
export function categoryHref(category: { path: string }): string {
  return `/products/${category.path.toLowerCase()}`;
}

/** The storefront's URL of a product's detail page. */
export function productHref(product: { _id: string; category: string }): string {
  return `/products/${product.category.toLowerCase()}/${product._id}`;
}
