import {
  BEST_SELLERS_COUNT,
  MAX_ORDER_LINES,
  PRODUCT_PAGE_SIZE,
  RELATED_COUNT,
  idSchema,
  type CategoryDto,
  type Product,
  type ProductPageAnswer,
} from '@kirana/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiOf } from '../../lib/query-client';
import { getCategories } from './api/get-categories';
import { getProductItems } from './api/get-product-items';
import { searchProducts, type ProductSearch } from './api/search-products';

/*
 * The storefront's server data, one query per thing a screen shows
 * (docs/catalogue.md#what-the-storefront-loads): no screen holds the whole catalogue. Keys start
 * with what they hold, so a live event can refresh all of one kind ('products', 'categories').
 */

/** Products a category's shelf shows on /products before its "See all". */
export const SHELF_SIZE = 10;
/** Shelves /products carries from the server; the others load as the shopper scrolls near. */
export const SERVER_RENDERED_SHELVES = 4;

export const categoryQueries = {
  /** The categories shoppers see, in the seller's order (a seller's browser is told all). */
  shown: () =>
    queryOptions({
      queryKey: ['categories', 'shown'],
      queryFn: async ({ client, signal }) =>
        (await getCategories(apiOf(client), signal)).filter((category) => !category.hidden),
    }),
  /** Every category in the seller's order, hidden ones too (a seller's screens). */
  all: () =>
    queryOptions({
      queryKey: ['categories', 'all'],
      queryFn: ({ client, signal }) => getCategories(apiOf(client), signal),
    }),
};

export const productQueries = {
  /** One page of a search or a listing. */
  search: (search: ProductSearch) =>
    queryOptions({
      queryKey: ['products', 'search', search],
      queryFn: ({ client, signal }) => searchProducts(apiOf(client), search, signal),
    }),
  /**
   * The pages of a category's in-stock products (or of a search's), from page `first` on: the
   * page a link opened, then each one scrolling asks for.
   */
  pages: (search: Omit<ProductSearch, 'page' | 'limit'>, first: number) =>
    infiniteQueryOptions({
      queryKey: ['products', 'pages', search, first],
      queryFn: ({ client, signal, pageParam }) =>
        searchProducts(
          apiOf(client),
          { ...search, page: pageParam, limit: PRODUCT_PAGE_SIZE },
          signal,
        ),
      initialPageParam: first,
      getNextPageParam: (last: ProductPageAnswer, _all, page) =>
        last.hasMore ? page + 1 : undefined,
    }),
  /**
   * Products by id as they are now (a cart's, a product page's own). Ids that cannot be a
   * product's (an old or edited link, a stored cart of another making) find nothing.
   */
  items: (ids: readonly string[]) => {
    const asked = [...new Set(ids.filter((id) => idSchema.safeParse(id).success))].sort();
    return queryOptions({
      queryKey: ['products', 'items', asked],
      queryFn: async ({ client, signal }) => {
        const found: Product[] = [];
        // At most a page of ids per call: two carts merged at a login may hold more.
        for (let start = 0; start < asked.length; start += MAX_ORDER_LINES) {
          const slice = asked.slice(start, start + MAX_ORDER_LINES);
          found.push(...(await getProductItems(apiOf(client), slice, signal)));
        }
        return found;
      },
    });
  },
  /** The home page's best sellers: the first five in stock. */
  bestSellers: () => productQueries.search({ inStock: true, limit: BEST_SELLERS_COUNT }),
  /** A category's shelf on /products. */
  shelf: (category: string) =>
    productQueries.search({ category, inStock: true, limit: SHELF_SIZE }),
  /** Beside a product: other in-stock products of its category (one more, in case it is one). */
  related: (category: string) =>
    productQueries.search({ category, inStock: true, limit: RELATED_COUNT + 1 }),
};

/** The products of `ids` in that order, from the answer of `productQueries.items`. */
export function inOrder(products: readonly Product[], ids: readonly string[]): Product[] {
  const byId = new Map(products.map((product) => [product._id, product]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The page a `?page=N` link asks for: a whole number from 1, else the first. */
export function pageOf(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The shown category whose path is `path` (any case), if any. */
export const categoryOf = (categories: readonly CategoryDto[], path: string) =>
  categories.find((category) => category.path.toLowerCase() === path.toLowerCase());

/**
 * `products` with `product` in place of its older copy, and as a size in the `packs` of its
 * family's (a change answers no `packs`: the held ones stay); itself when nothing changed.
 */
function replaced(products: Product[], product: Product): Product[] {
  let changed = false;
  const next = products.map((held) => {
    const itself = held._id === product._id;
    if (
      itself
        ? Date.parse(product.updatedAt) <= Date.parse(held.updatedAt)
        : !held.packs?.some((pack) => pack._id === product._id)
    )
      return held;
    changed = true;
    const packs = held.packs?.map((pack) =>
      pack._id === product._id ? { ...pack, ...sizeOf(product) } : pack,
    );
    return { ...(itself ? product : held), ...(packs && { packs }) };
  });
  return changed ? next : products;
}

/** What the size chooser shows of a pack that changed. */
const sizeOf = ({ price, offerPrice, inStock }: Product) => ({ price, offerPrice, inStock });

/**
 * A product's change (a live event, or the seller's own save) laid into every answer holding it,
 * the storefront's and the seller's, so prices and stock on screen change at once; the short
 * lists it may join, leave or move in (best sellers, shelves, related) are asked again. A
 * category's pages, and the seller's, keep their order while they are read.
 */
export function receiveProduct(client: QueryClient, product: Product): void {
  const merge = (products: Product[]) => replaced(products, product);
  client.setQueriesData<Product[]>(
    { queryKey: ['products', 'items'] },
    (held) => held && merge(held),
  );
  const mergePage = (page: ProductPageAnswer) => {
    const products = merge(page.products);
    return products === page.products ? page : { ...page, products };
  };
  for (const kind of ['search', 'seller']) {
    client.setQueriesData<ProductPageAnswer>(
      { queryKey: ['products', kind] },
      (held) => held && mergePage(held),
    );
  }
  client.setQueriesData<InfiniteData<ProductPageAnswer>>(
    { queryKey: ['products', 'pages'] },
    (held) => {
      if (!held) return held;
      const pages = held.pages.map(mergePage);
      return pages.every((page, index) => page === held.pages[index]) ? held : { ...held, pages };
    },
  );
  void client.invalidateQueries({ queryKey: ['products', 'search'] });
  // An archived product leaves the seller's list (unless it shows the archived ones).
  if (product.archivedAt) void client.invalidateQueries({ queryKey: ['products', 'seller'] });
}

/** What a storefront route's page shows, as its address names it. */
export interface PageAddress {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/**
 * The data of each server-rendered storefront page, asked before it is rendered (entry-server):
 * the same queries its screens read, so the browser starts with them.
 */
export const pageData = {
  home: (client: QueryClient) =>
    Promise.all([
      client.prefetchQuery(categoryQueries.shown()),
      client.prefetchQuery(productQueries.bestSellers()),
    ]),
  products: async (client: QueryClient, { search }: PageAddress) => {
    const q = search.get('q')?.trim();
    if (q) {
      await client.prefetchInfiniteQuery(
        productQueries.pages({ q, inStock: true }, pageOf(search)),
      );
      return;
    }
    const categories = await client.ensureQueryData(categoryQueries.shown());
    await Promise.all(
      categories
        .slice(0, SERVER_RENDERED_SHELVES)
        .map((category) => client.prefetchQuery(productQueries.shelf(category.path))),
    );
  },
  category: async (client: QueryClient, { params, search }: PageAddress) => {
    const categories = await client.ensureQueryData(categoryQueries.shown());
    const category = categoryOf(categories, params.category ?? '');
    if (!category) return;
    await client.prefetchInfiniteQuery(
      productQueries.pages({ category: category.path, inStock: true }, pageOf(search)),
    );
  },
  product: async (client: QueryClient, { params }: PageAddress) => {
    const [items] = await Promise.all([
      client.ensureQueryData(productQueries.items([params.id ?? ''])),
      client.prefetchQuery(categoryQueries.shown()),
    ]);
    const product = items.find((item) => item._id === params.id);
    if (product) await client.prefetchQuery(productQueries.related(product.category));
  },
};
