import {
  categoryHref,
  productHref,
  type CategoryDto,
  type Product,
  type Shop,
} from '@kirana/shared';
import { matchPath } from 'react-router';
import { categoryOf } from '../../../../common/catalogue/queries';

/** What a storefront page says of itself to browsers, search engines and link previews. */
export interface PageMeta {
  /** 404 for a product, a category or a path the store does not have. */
  status: 200 | 404;
  title: string;
  description: string;
  /** The page's one URL (a path), so that its other spellings count as it; none when not found. */
  canonicalPath: string | null;
  /** The product a product page shows, for its picture and its schema.org data. */
  product: Product | null;
  /** The label of that product's category. */
  categoryText: string | null;
  /** The shop's name, for link previews (Open Graph's site name) and a product's seller. */
  shopName: string | null;
}

/** What a page's title and description are made from, as far as it is known yet. */
export interface PageFacts {
  /** The categories shoppers see, or null while unknown. */
  categories: readonly CategoryDto[] | null;
  /** A product page's product: null when the store has none such (or it was archived). */
  product?: Product | null;
  /**
   * The shop's name and promise; unknown only on a page the browser renders alone, before the
   * shop's answer (its title then names no shop).
   */
  shop?: Pick<Shop, 'name' | 'promiseMinutes'> | null | undefined;
}

/** The storefront's pages about the shop itself, by path: their titles. */
const SHOP_PAGES: Record<string, string> = {
  '/delivery': 'Delivery Information',
  '/returns': 'Return & Refund Policy',
  '/contact': 'Contact Us',
};

/** Search results show about 155 characters of a description. */
const DESCRIPTION_LENGTH = 155;

/** The shopper's own screens: rendered in the browser only, and never indexed. */
const OWN_SCREENS: Record<string, string> = {
  '/cart': 'Cart',
  '/my-orders': 'My Orders',
  '/add-address': 'Add Address',
};

/** `text` cut at a word to fit a search result's description, with an ellipsis when cut. */
export function clip(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const room = length - 1;
  const cut = flat.slice(0, room);
  // The last whole word, unless that leaves too little (one very long word).
  const words = flat[room] === ' ' ? cut : cut.slice(0, Math.max(cut.lastIndexOf(' '), 0));
  return `${(words.length > room / 2 ? words : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The title, description and canonical URL of the storefront page at `pathname`, from what the
 * page shows: the same on the server (head-tags.ts) and in the browser (document-head.tsx).
 */
export function pageMeta(pathname: string, { categories, product, shop }: PageFacts): PageMeta {
  const shopName = shop?.name ?? null;
  /** `title` with the shop's name after it. */
  const of = (title: string) => (shop ? `${title} | ${shop.name}` : title);
  const soon = shop ? `in under ${shop.promiseMinutes} minutes` : 'fast';
  const delivered = `delivered ${soon}`;
  const about = `${shop ? `${shop.name}: f` : 'F'}resh groceries and snacks delivered to your door ${soon}.`;
  const notFound: PageMeta = {
    status: 404,
    title: of('Page not found'),
    description: 'We could not find this page in the store.',
    canonicalPath: null,
    product: null,
    categoryText: null,
    shopName,
  };
  if (matchPath('/', pathname)) {
    return {
      status: 200,
      title: shop ? `${shop.name} — groceries delivered fast` : 'Groceries delivered fast',
      description: about,
      canonicalPath: '/',
      product: null,
      categoryText: null,
      shopName,
    };
  }
  const shopPage = SHOP_PAGES[pathname.replace(/(.)\/$/, '$1')];
  if (shopPage) {
    return {
      status: 200,
      title: of(shopPage),
      description: about,
      canonicalPath: pathname.replace(/(.)\/$/, '$1'),
      product: null,
      categoryText: null,
      shopName,
    };
  }
  if (matchPath('/products', pathname)) {
    const kinds = (categories ?? []).map((category) => category.text.toLowerCase()).join(', ');
    return {
      status: 200,
      title: of('All Products'),
      description: clip(`Groceries in stock${kinds ? `: ${kinds}` : ''}. D${delivered.slice(1)}.`),
      canonicalPath: '/products',
      product: null,
      categoryText: null,
      shopName,
    };
  }
  const ownScreen = OWN_SCREENS[pathname.replace(/(.)\/$/, '$1')];
  if (ownScreen) {
    return {
      status: 200,
      title: of(ownScreen),
      description: about,
      canonicalPath: null,
      product: null,
      categoryText: null,
      shopName,
    };
  }
  const productMatch = matchPath('/products/:category/:id', pathname);
  if (productMatch) {
    if (!product || product._id !== productMatch.params.id) return notFound;
    const category = categoryOf(categories ?? [], product.category);
    return {
      status: 200,
      title: of(product.name),
      description: clip(
        `${product.name}${product.weight ? ` (${product.weight})` : ''}` +
          `${category ? ` in ${category.text}` : ''}. ${product.description.join('. ')}`,
      ),
      canonicalPath: productHref(product),
      product,
      categoryText: category?.text ?? null,
      shopName,
    };
  }
  const categoryMatch = matchPath('/products/:category', pathname);
  const category =
    categoryMatch && categoryOf(categories ?? [], categoryMatch.params.category ?? '');
  if (category) {
    return {
      status: 200,
      title: of(category.text),
      description: clip(`${category.text} from your neighbourhood store, ${delivered}.`),
      canonicalPath: categoryHref(category),
      product: null,
      categoryText: null,
      shopName,
    };
  }
  return notFound;
}
