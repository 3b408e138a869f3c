// Query module (Kysely/SQL): the catalogue's hot reads at shop scale — search, pages, by ids.
import {
  lowStockAt,
  type ProductSearchQuery,
  type SellerProductFilter,
  type SellerProductListQuery,
} from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { preparedRows } from '../../lib/prepared-statement.js';
import type { CategorySchema } from '../category/category.entity.js';
import { normalizeName, phrasesOf, shippedMeanings } from './indian-names.js';
import { ProductSchema, type Product, type SearchNameSchema } from './product.entity.js';

type SearchTables = InferKyselyDB<
  typeof ProductSchema | typeof CategorySchema | typeof SearchNameSchema
>;

export interface ProductPage {
  /** As read, to present: plain rows, not entities the EntityManager manages. */
  products: Product[];
  total: number;
  hasMore: boolean;
}

/**
 * The storefront's search (docs/catalogue.md#search), over the live products of the
 * shown categories, in-stock first, then by how they match: the name itself, a name starting
 * with or holding the text (or the SKU or barcode), word forms ('tomatoes' → Tomato), typos
 * ('tomatto'), and last the Indian names of groceries in Latin or Devanagari letters ('doodh',
 * 'दूध' → milk) from the shipped list and the seller's own. A text that is itself an Indian name
 * puts the products it names before all others: 'haldi' answers Turmeric before "Haldiram
 * Bhujia". Without `q`, the listing in the catalogue's order (in stock first). With `inStock`,
 * the products in stock only. A family's packs answer once, as the first of them in that order
 * (docs/catalogue.md#loose-goods-and-packs): its page offers the other sizes.
 */
export async function searchProducts(
  em: EntityManager,
  query: ProductSearchQuery,
): Promise<ProductPage> {
  const found = await findMatches(em, {
    ...query,
    scope: sql`p.archived_at is null and not c.hidden ${query.inStock ? sql`and p.in_stock` : sql``}`,
    archived: false,
    inStockFirst: true,
    oneOfFamily: true,
  });
  return pageOf(found, query);
}

/**
 * The seller's Product List: every category's products, live ones (or the archived, with
 * `filter: 'archived'`), narrowed by `filter`; ranked as search ranks when `q` is given, else
 * by name.
 */
export async function sellerProducts(
  em: EntityManager,
  query: SellerProductListQuery,
): Promise<ProductPage> {
  const live = sql`p.archived_at is ${query.filter === 'archived' ? sql`not null` : sql`null`}`;
  const narrowed: Record<SellerProductFilter, RawBuilder<unknown>> = {
    'out-of-stock': sql`and not p.in_stock`,
    // Low by the product's unit: a count of pieces, or grams (ml) of a loose product.
    'low-stock': sql`and p.stock_count is not null and p.stock_count <= case when p.unit = 'piece' then ${lowStockAt('piece')}::int else ${lowStockAt('kg')}::int end`,
    counted: sql`and p.stock_count is not null`,
    // Sold past their count: the shelves to count.
    'past-count': sql`and p.past_count > 0`,
    loose: sql`and p.unit <> 'piece'`,
    archived: sql``,
  };
  const found = await findMatches(em, {
    ...query,
    q: query.q || undefined,
    scope: sql`${live} ${query.filter ? narrowed[query.filter] : sql``}`,
    archived: query.filter === 'archived',
    inStockFirst: false,
    oneOfFamily: false,
  });
  return pageOf(found, query);
}

interface FindQuery {
  q?: string;
  category?: string;
  page: number;
  limit: number;
  /** Which products at all, over `p` (products) and `c` (their category). */
  scope: RawBuilder<unknown>;
  /** Whether `scope` takes archived products (the SKU and barcode indexes hold live ones). */
  archived: boolean;
  inStockFirst: boolean;
  /** Whether a family's packs count as one match, the first of them in the order. */
  oneOfFamily: boolean;
}

/** A page of the products `query` finds, in order, each row with the count of all. */
async function findMatches(em: EntityManager, query: FindQuery): Promise<ProductRow[]> {
  const where = sql`${query.scope} ${categoryFilter(query.category)}`;
  if (query.q === undefined) {
    // The shop's listing is in the catalogue's order (the spec's best sellers are its first
    // five in stock); the seller's list is by name.
    const order = query.inStockFirst
      ? sql`p.in_stock desc, p.created_at, p.id`
      : sql`lower(p.name), p.id`;
    // Few and kept once answered (a category's pages), these are planned for their values.
    const { rows } = await pageOfMatches(
      null,
      sql`from products p join categories c on c.path = p.category where ${where}`,
      order,
      query,
    ).execute(em.getKysely<SearchTables>());
    return rows;
  }
  const text = normalizeName(query.q);
  const phrases = phrasesOf(text);
  const shipped = shippedMeanings(text);
  const like = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const fuzzy = fuzzyText(text);
  const name = sql`lower(p.name)`;
  const matches = {
    exact: sql`${name} = ${text}`,
    code: sql`(lower(p.sku) = ${text} or p.barcode = ${query.q.trim()})`,
    prefix: sql`${name} like ${like.slice(1)}`,
    contains: sql`${name} like ${like}`,
    typo: sql`${fuzzy} <% ${name}`,
  };
  const tier = sql`case
    when ${matches.exact} or ${matches.code} then 0
    when ${matches.prefix} then 1
    when ${matches.contains} then 2
    when p.forms then 3
    when p.typo then 4
    else 5 end`;
  const live = query.archived ? sql`` : sql`and p.archived_at is null`;
  // The products the Indian name names, by the words of their names alone: weight A of their
  // search vectors (D is the description, where Muesli's "with milk" is no reason to answer it
  // for 'doodh'). These come first, the shortest names (the thing itself: "Potato" before
  // "Haldiram's Aloo Bhujia") first among them: ranked as each is found (a join of the products
  // again to rank them was planned as a loop over every pair).
  const named = sql`names.named`;
  const nameWords = sql`ts_filter(p.search_vector, '{a}')`;
  const namedRank = sql`case when ${named} is not null and p.search_vector @@ ${named}
    and ${nameWords} @@ ${named} then ts_rank(${nameWords}, ${named}, 2) end`;
  // What ranking and the scopes read of a product one of the ways of matching finds.
  const columnNames = sql`id, name, sku, barcode, category, in_stock, stock_count, past_count, unit,
    family, archived_at, forms, named_rank`;
  const columns = sql`p.id, p.name, p.sku, p.barcode, p.category, p.in_stock, p.stock_count,
    p.past_count, p.unit, p.family, p.archived_at, p.search_vector @@ names.forms as forms,
    ${namedRank} as named_rank`;
  // Each way of matching is its own index-backed lookup (trigram GIN for the name's letters and
  // typos, the full-text GIN for word forms and Indian names, the live SKU and barcode indexes)
  // that says whether it was the typo match: only the products one of them finds are ranked, and
  // their typo tier is known without matching the text again (3 µs a product). The typo lookup
  // leaves out the names holding the text, which rank before any typo and were most of what it
  // matched for a word ('milk': 367 names). What the ways read of the text's words (its word
  // forms' and Indian names' queries) is worked out once, in `names` (one row), joined as a table
  // rather than as subqueries: planned once rather than four times a way (planning cost more
  // than a tenth of the statement's time).
  const ctes = sql`
    meanings as (
      select * from unnest(
        ${shipped.map((meaning) => meaning.means)}::text[],
        ${shipped.map((meaning) => meaning.whole)}::boolean[],
        ${shipped.map((meaning) => meaning.guessed)}::boolean[]
      ) as shipped (means, whole, guessed)
      union all
      select means, lower(name) = ${text}, false from search_names
      where lower(name) = any(${phrases}::text[])
    ),
    -- A spelling guessed by folding counts only when no product's name holds the text as typed:
    -- 'good' folds as 'gud' (jaggery), and Good Day is what was meant. Counted, not "exists":
    -- planned without the text, an "exists" reads the products one by one (4 ms) rather than
    -- through the trigram index.
    heard as (
      select means, whole from meanings
      where not guessed or (select count(*) from products p where ${matches.contains} ${live}) = 0
    ),
    -- The text's word forms; when the whole text is an Indian name: the words of the products
    -- it names, and the name itself ("Amul Masti Dahi").
    names as (
      select websearch_to_tsquery('english', ${text}) as forms,
        websearch_to_tsquery('english', string_agg(distinct means, ' or ')) as query,
        case when bool_or(whole) then
          websearch_to_tsquery('english', string_agg(distinct means, ' or ') filter (where whole))
          || websearch_to_tsquery('english', ${text})
        end as named
      from heard
    ),
    matched as (
      select ${columns}, false as typo from names, products p where ${matches.contains} ${live}
      union all
      select ${columns}, false from names, products p where lower(p.sku) = ${text} ${live}
      union all
      select ${columns}, false from names, products p where p.barcode = ${query.q.trim()} ${live}
      union all
      select ${columns}, false from names, products p where p.search_vector @@ names.forms ${live}
      union all
      select ${columns}, true from names, products p
      where not ${matches.contains} and ${matches.typo} ${live}
      union all
      select ${columns}, false from names, products p where p.search_vector @@ names.query ${live}
    ),
    -- Each product once, with whether the typo lookup found it.
    p as (select ${columnNames}, bool_or(typo) as typo from matched group by ${columnNames}
    )`;
  // Texts are many and mostly new: one plan serves them all (lib/prepared-statement.ts).
  return preparedRows(
    em,
    pageOfMatches(
      ctes,
      sql`from p join categories c on c.path = p.category where ${where}`,
      sql`${query.inStockFirst ? sql`p.in_stock desc,` : sql``}
        p.named_rank desc nulls last, ${tier},
        word_similarity(${fuzzy}, ${name}) desc, lower(p.name), p.id`,
      query,
    ),
  );
}

/**
 * A page of the matches that `from` (over `p`, after the common table expressions `ctes`) finds
 * in `order`, each product's columns as presented with the count of all: one statement, whose
 * rows are presented as they come (no entities to hydrate). With `oneOfFamily`, a family's packs
 * are one match, the first of them in `order`: each is ranked, then the first per family kept, so
 * the page and its count are of families and lone products alike.
 */
function pageOfMatches(
  ctes: RawBuilder<unknown> | null,
  from: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  { page, limit, oneOfFamily }: Pick<FindQuery, 'page' | 'limit' | 'oneOfFamily'>,
) {
  const offset = (page - 1) * limit;
  const found = oneOfFamily
    ? sql`ranked as (
        select p.id, coalesce(p.family, p.id::text) as kind, row_number() over (order by ${order}) as rank
        ${from}
      ),
      firsts as (select distinct on (kind) id, rank from ranked order by kind, rank),
      found as (
        select id, rank, count(*) over () as total from firsts
        order by rank
        limit ${limit} offset ${offset}
      )`
    : sql`found as (
        select p.id, row_number() over (order by ${order}) as rank, count(*) over () as total
        ${from}
        order by ${order}
        limit ${limit} offset ${offset}
      )`;
  return sql<ProductRow>`
    with ${ctes ? sql`${ctes},` : sql``} ${found}
    select ${PRODUCT_COLUMNS}, found.total
    from found join products product on product.id = found.id
    order by found.rank
  `;
}

/** A product's columns as presentProduct reads them (not its search vector), times in ms. */
const PRODUCT_COLUMNS = sql`product.id, product.name, product.category, product.description,
  product.price_paise as "pricePaise", product.offer_price_paise as "offerPricePaise",
  product.images, product.in_stock as "inStock", product.stock_count as "stockCount",
  product.past_count as "pastCount", product.weight, product.sku, product.barcode, product.unit,
  product.steps, product.scale_code as "scaleCode", product.family, product.pack_label as "packLabel",
  product.draws_from as "drawsFrom", product.pack_quantity as "packQuantity", product.hsn,
  product.gst_rate as "gstRate",
  floor(extract(epoch from product.archived_at) * 1000)::float8 as "archivedAt",
  floor(extract(epoch from product.created_at) * 1000)::float8 as "createdAt",
  floor(extract(epoch from product.updated_at) * 1000)::float8 as "updatedAt"`;

/** A row of pageOfMatches: a product's fields, its times in ms, and the count of all matches. */
type ProductRow = Omit<Product, 'archivedAt' | 'createdAt' | 'updatedAt'> & {
  archivedAt: number | null;
  createdAt: number;
  updatedAt: number;
  total: string;
};

/** How much of a search's text takes part in its typo match: a grocery's name is short. */
export const FUZZY_WORDS = 4;
export const FUZZY_LETTERS = 24;

/**
 * The part of `text` (normalized) that is matched for typos: its first FUZZY_WORDS words, at
 * most FUZZY_LETTERS letters. The trigram match costs by the trigrams it looks up, so a long
 * text (a pasted paragraph, 100 random letters) would cost many times a name's, and past
 * some 30 letters PostgreSQL reads every product instead of the trigram index (bench/README.md);
 * cut here, no text costs more than a long name. The other ways of matching read the whole text.
 */
export const fuzzyText = (text: string): string =>
  Array.from(text.split(' ').slice(0, FUZZY_WORDS).join(' '))
    .slice(0, FUZZY_LETTERS)
    .join('')
    .trim();

const categoryFilter = (category: string | undefined): RawBuilder<unknown> =>
  category === undefined ? sql`` : sql`and lower(p.category) = lower(${category})`;

/** `rows` (findMatches') as page `page` of `limit` products each. */
const pageOf = (
  rows: readonly ProductRow[],
  { page, limit }: { page: number; limit: number },
): ProductPage => {
  const total = Number(rows[0]?.total ?? 0);
  const products = rows.map(({ total: _total, archivedAt, createdAt, updatedAt, ...fields }) => ({
    ...fields,
    archivedAt: archivedAt === null ? null : new Date(archivedAt),
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
  }));
  return { products, total, hasMore: page * limit < total };
};

/** The products of `ids` that exist, in the order of `ids`. */
export async function productsByIds(em: EntityManager, ids: readonly string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const found = await em.find(ProductSchema, { id: { $in: [...ids] } });
  const byId = new Map(found.map((product) => [product.id, product]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Whether product `p` is on sale as a shopper sees it: its own switch, and for a pack drawing
 * from loose stock, enough of the live loose product for one pack (take-for-sale.ts sells it so).
 */
const packOnSale = sql<boolean>`p.in_stock and (p.draws_from is null or exists (
  select 1 from products l where l.id = p.draws_from and l.in_stock and l.archived_at is null
    and (l.stock_count is null or l.stock_count >= p.pack_quantity)))`;

/**
 * The loose products `products` draw from, by id, with whether one pack of each can be sold:
 * one read for a whole page (none when no product draws).
 */
export async function drawnStockOf(
  em: EntityManager,
  products: readonly Product[],
): Promise<Map<string, { inStock: boolean; stockCount: number | null }>> {
  const ids = [...new Set(products.flatMap((product) => product.drawsFrom ?? []))];
  if (ids.length === 0) return new Map();
  const rows = await em
    .getKysely<SearchTables>()
    .selectFrom('products')
    .select(['id', 'in_stock', 'stock_count', 'archived_at'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { inStock: row.in_stock && row.archived_at === null, stockCount: row.stock_count },
    ]),
  );
}

/** One size of a family, as the storefront's size chooser reads it. */
export interface PackRow {
  id: string;
  family: string;
  category: string;
  packLabel: string;
  pricePaise: number;
  offerPricePaise: number;
  inStock: boolean;
}

/**
 * The sizes of the families of `products` that the storefront offers (live, in a shown category),
 * by family name, cheapest first: one read for a whole page.
 */
export async function packsOf(
  em: EntityManager,
  products: readonly Product[],
): Promise<Map<string, PackRow[]>> {
  const families = [...new Set(products.flatMap((product) => product.family ?? []))];
  const packs = new Map<string, PackRow[]>();
  if (families.length === 0) return packs;
  const { rows } = await sql<PackRow>`
    select p.id, p.family, p.category, p.pack_label as "packLabel",
      p.price_paise as "pricePaise", p.offer_price_paise as "offerPricePaise",
      ${packOnSale} as "inStock"
    from products p join categories c on c.path = p.category
    where p.family = any(${families}::text[]) and p.archived_at is null and not c.hidden
    order by p.offer_price_paise, p.price_paise, p.pack_label, p.id
  `.execute(em.getKysely<SearchTables>());
  for (const pack of rows) packs.set(pack.family, [...(packs.get(pack.family) ?? []), pack]);
  return packs;
}
