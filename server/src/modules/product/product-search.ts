// Query module (Kysely/SQL): the catalogue's hot reads at shop scale — search, pages, by ids.
import {
  LOW_STOCK_UNITS,
  type ProductSearchQuery,
  type SellerProductFilter,
  type SellerProductListQuery,
} from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import type { CategorySchema } from '../category/category.entity.js';
import { INDIAN_NAMES, normalizeName } from './indian-names.js';
import { ProductSchema, type Product, type SearchNameSchema } from './product.entity.js';

type SearchTables = InferKyselyDB<
  typeof ProductSchema | typeof CategorySchema | typeof SearchNameSchema
>;

export interface ProductPage {
  products: Product[];
  total: number;
  hasMore: boolean;
}

/**
 * The phrases of `text` to look up among the Indian names: the whole text, each word and each
 * pair of neighbouring words ('phool gobhi', 'kali mirch').
 */
function phrasesOf(text: string): string[] {
  const words = text.split(' ');
  const pairs = words.slice(1).map((word, index) => `${words[index]} ${word}`);
  return [...new Set([text, ...words, ...pairs])];
}

/**
 * The storefront's search (design: Catalogue at shop scale), over the live products of the
 * shown categories, in-stock first, then by how they match: the name itself, a name starting
 * with or holding the text (or the SKU or barcode), word forms ('tomatoes' → Tomato), typos
 * ('tomatto'), and last the Indian names of groceries in Latin or Devanagari letters ('doodh',
 * 'दूध' → milk) from the shipped list and the seller's own. Without `q`, the listing in the
 * catalogue's order (in stock first).
 */
export function searchProducts(em: EntityManager, query: ProductSearchQuery): Promise<ProductPage> {
  return findProducts(em, {
    ...query,
    scope: sql`p.archived_at is null and not c.hidden`,
    inStockFirst: true,
  });
}

/**
 * The seller's Product List: every category's products, live ones (or the archived, with
 * `filter: 'archived'`), narrowed by `filter`; ranked as search ranks when `q` is given, else
 * by name.
 */
export function sellerProducts(
  em: EntityManager,
  query: SellerProductListQuery,
): Promise<ProductPage> {
  const live = sql`p.archived_at is ${query.filter === 'archived' ? sql`not null` : sql`null`}`;
  const narrowed: Record<SellerProductFilter, RawBuilder<unknown>> = {
    'out-of-stock': sql`and not p.in_stock`,
    'low-stock': sql`and p.stock_count is not null and p.stock_count <= ${LOW_STOCK_UNITS}`,
    counted: sql`and p.stock_count is not null`,
    archived: sql``,
  };
  return findProducts(em, {
    ...query,
    q: query.q || undefined,
    scope: sql`${live} ${query.filter ? narrowed[query.filter] : sql``}`,
    inStockFirst: false,
  });
}

interface FindQuery {
  q?: string;
  category?: string;
  page: number;
  limit: number;
  /** Which products at all, over `p` (products) and `c` (their category). */
  scope: RawBuilder<unknown>;
  inStockFirst: boolean;
}

async function findProducts(em: EntityManager, query: FindQuery): Promise<ProductPage> {
  const db = em.getKysely<SearchTables>();
  const offset = (query.page - 1) * query.limit;
  const where = sql`${query.scope} ${categoryFilter(query.category)}`;
  if (query.q === undefined) {
    // The shop's listing is in the catalogue's order (the spec's best sellers are its first
    // five in stock); the seller's list is by name.
    const order = query.inStockFirst
      ? sql`p.in_stock desc, p.created_at, p.id`
      : sql`lower(p.name), p.id`;
    const { rows } = await sql<{ id: string; total: string }>`
      select p.id, count(*) over () as total
      from products p join categories c on c.path = p.category
      where ${where}
      order by ${order}
      limit ${query.limit} offset ${offset}
    `.execute(db);
    return page(em, rows, query);
  }
  const text = normalizeName(query.q);
  const phrases = phrasesOf(text);
  const shipped = phrases.flatMap((phrase) => INDIAN_NAMES.get(phrase) ?? []);
  const like = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const name = sql`lower(p.name)`;
  const matches = {
    exact: sql`${name} = ${text}`,
    code: sql`(lower(p.sku) = ${text} or p.barcode = ${query.q.trim()})`,
    prefix: sql`${name} like ${like.slice(1)}`,
    contains: sql`${name} like ${like}`,
    forms: sql`p.search_vector @@ websearch_to_tsquery('english', ${text})`,
    typo: sql`${text} <% ${name}`,
    indian: sql`(names.query is not null and p.search_vector @@ names.query)`,
  };
  const tier = sql`case
    when ${matches.exact} or ${matches.code} then 0
    when ${matches.prefix} then 1
    when ${matches.contains} then 2
    when ${matches.forms} then 3
    when ${matches.typo} then 4
    else 5 end`;
  const { rows } = await sql<{ id: string; total: string }>`
    with names as (
      select websearch_to_tsquery('english', string_agg(distinct means, ' or ')) as query
      from (
        select unnest(${shipped}::text[]) as means
        union all
        select means from search_names where lower(name) = any(${phrases}::text[])
      ) as meanings
    )
    select p.id, count(*) over () as total
    from products p
    join categories c on c.path = p.category
    cross join names
    where ${where}
      and (${matches.contains} or ${matches.code} or ${matches.forms} or ${matches.typo}
        or ${matches.indian})
    order by ${query.inStockFirst ? sql`p.in_stock desc,` : sql``} ${tier},
      word_similarity(${text}, ${name}) desc, lower(p.name), p.id
    limit ${query.limit} offset ${offset}
  `.execute(db);
  return page(em, rows, query);
}

const categoryFilter = (category: string | undefined): RawBuilder<unknown> =>
  category === undefined ? sql`` : sql`and lower(p.category) = lower(${category})`;

/** The products of `rows` (ids in order, each with the count of all matches), as a page. */
async function page(
  em: EntityManager,
  rows: { id: string; total: string | number }[],
  { page, limit }: { page: number; limit: number },
): Promise<ProductPage> {
  const products = await productsByIds(
    em,
    rows.map((row) => row.id),
  );
  const total = Number(rows[0]?.total ?? 0);
  return { products, total, hasMore: page * limit < total };
}

/** The products of `ids` that exist, in the order of `ids`. */
export async function productsByIds(em: EntityManager, ids: readonly string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const found = await em.find(ProductSchema, { id: { $in: [...ids] } });
  const byId = new Map(found.map((product) => [product.id, product]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
