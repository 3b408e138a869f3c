/*
 * The till's lookups without a connection, from what the counter keeps (kept-catalogue.ts): a
 * scanned code read by the server's rules (server/src/modules/counter/counter-codes.ts) with its
 * words, and the suggestions the scan box and the khata picker offer as a name is typed.
 */
import {
  labelQuantity,
  parseScaleLabel,
  toPaise,
  type KhataCustomer,
  type Product,
  type ScaleLabel,
  type Shop,
} from '@kirana/shared';
import type { IDBPDatabase } from 'idb';
import type { CounterDb } from './counter-db';

type Db = IDBPDatabase<CounterDb>;

/** Why a code named nothing to sell, with the code the server's refusal would carry. */
export class KeptLookupError extends Error {
  override readonly name = 'KeptLookupError';
  constructor(
    /** As `GET /api/counter/lookup` answers: 404 NOT_FOUND, or 400 SCALE_LABEL_INVALID. */
    readonly code: 'NOT_FOUND' | 'SCALE_LABEL_INVALID',
    message: string,
  ) {
    super(message);
  }
}

/** A code read: its product and, for a scale label, the label's grams (millilitres). */
export interface KeptReading {
  product: Product;
  quantity?: number;
}

/**
 * What `GET /api/counter/lookup?code=` answers, from the kept catalogue: the product whose
 * barcode is `code`, or else whose SKU is (in any case), or else the loose product a weighing
 * scale's label names by its scale code, read by `shop.scaleLabels`, with the label's grams.
 * @throws KeptLookupError NOT_FOUND when no kept product has the code; SCALE_LABEL_INVALID for
 * a label that does not read (its check digit, a prefix the shop has not set, no value, a scale
 * code no product has, a price below half a gram's).
 */
export async function lookUpKept(
  db: Db,
  typed: string,
  shop: Pick<Shop, 'scaleLabels'>,
): Promise<KeptReading> {
  // The server's query schema trims the code before it looks.
  const code = typed.trim();
  const named =
    (await db.getFromIndex('products', 'barcode', code)) ??
    (await db.getFromIndex('products', 'sku', code.toLowerCase()));
  if (named) return { product: named.product };
  const label = labelOf(code, shop);
  if (!label) throw new KeptLookupError('NOT_FOUND', `No product has the code ${code}`);
  const loose = await db.getFromIndex('products', 'scaleCode', label.scaleCode);
  if (!loose)
    throw new KeptLookupError(
      'SCALE_LABEL_INVALID',
      `The label ${code} is for scale code ${label.scaleCode}, which no product has: set it on the product, or check the scale`,
    );
  const { product } = loose;
  const quantity = labelQuantity(label, {
    unitPrice: toPaise(product.offerPrice),
    unit: product.unit,
  });
  if (quantity === 0)
    throw new KeptLookupError(
      'SCALE_LABEL_INVALID',
      `The label ${code} is for less than a gram of ${product.name}: weigh it again`,
    );
  return { product, quantity };
}

/**
 * `code` read as a scale label, or null when it is no label at all (not 13 digits beginning
 * with 2).
 * @throws KeptLookupError SCALE_LABEL_INVALID when it is a label that does not read.
 */
function labelOf(code: string, { scaleLabels }: Pick<Shop, 'scaleLabels'>): ScaleLabel | null {
  // Outside the range kept for a shop's own codes, an unknown code is no product's, whatever
  // its check digit.
  if (!code.startsWith('2')) return null;
  const reading = parseScaleLabel(code, scaleLabels);
  if (reading.ok) return reading.label;
  if (reading.problem === 'not-ean13' || reading.problem === 'not-scale-label') return null;
  throw new KeptLookupError('SCALE_LABEL_INVALID', reading.message);
}

/** Text as names are compared: trimmed, in lower case, its spaces single. */
const normalized = (text: string) =>
  text.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * How well a kept product matches `text` (normalized), as the server's search ranks: its name
 * or code exactly 0, its name beginning with it 1, its name holding it 2, a code holding it 3;
 * null when nothing does.
 */
function productRank({ name, sku, barcode }: Searchable, text: string): number | null {
  if (name === text || sku === text || barcode === text) return 0;
  if (name.startsWith(text)) return 1;
  if (name.includes(text)) return 2;
  if (sku?.includes(text) || barcode?.includes(text)) return 3;
  return null;
}

/** The `limit` best by `rank` (lower first), then by name, then id. */
function best<T>(
  items: readonly T[],
  rank: (item: T) => number | null,
  nameOf: (item: T) => string,
  idOf: (item: T) => string,
  limit: number,
): T[] {
  const ranked = items.flatMap((item) => {
    const value = rank(item);
    return value === null ? [] : [{ item, value, name: normalized(nameOf(item)) }];
  });
  ranked.sort(
    (a, b) =>
      a.value - b.value || a.name.localeCompare(b.name) || (idOf(a.item) < idOf(b.item) ? -1 : 1),
  );
  return ranked.slice(0, limit).map(({ item }) => item);
}

/** A kept product as a search reads it: its name and codes, in lower case. */
interface Searchable {
  _id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
}

/**
 * This tab's names and codes of the kept products, read whole once a search needs them (10,000
 * products take a few hundred milliseconds to read, too long for each key typed) and read again
 * when the number kept has changed or this tab kept products (forgetSearchable).
 */
let searchable = new WeakMap<Db, { count: number; list: Promise<Searchable[]> }>();

/** The kept products changed in this tab: the next search reads their names again. */
export function forgetSearchable(): void {
  searchable = new WeakMap();
}

async function searchableNow(db: Db): Promise<Searchable[]> {
  const count = await db.count('products');
  const read = searchable.get(db);
  if (read?.count === count) return read.list;
  const list = db.getAll('products').then((kept) =>
    kept.map(({ _id, product, sku, barcode }) => ({
      _id,
      name: normalized(product.name),
      sku,
      barcode,
    })),
  );
  searchable.set(db, { count, list });
  // A failed read is not kept: the next search reads again.
  list.catch(forgetSearchable);
  return list;
}

/**
 * The kept products whose name, SKU or barcode holds `text` (any case), best first: a name or
 * code that is the text, then names beginning with it, names holding it, codes holding it; the
 * scan box's suggestions without a connection. None for blank text.
 */
export async function searchKept(db: Db, typed: string, limit: number): Promise<Product[]> {
  const text = normalized(typed);
  if (!text) return [];
  const found = best(
    await searchableNow(db),
    (kept) => productRank(kept, text),
    (kept) => kept.name,
    (kept) => kept._id,
    limit,
  );
  const products = await Promise.all(found.map((kept) => db.get('products', kept._id)));
  return products.flatMap((kept) => (kept ? [kept.product] : []));
}

/**
 * The kept khata customers whose name holds `text` (any case) or whose phone holds its digits,
 * those whose name begins with it first, then by name; none for blank text.
 */
export async function searchKeptCustomers(
  db: Db,
  typed: string,
  limit: number,
): Promise<KhataCustomer[]> {
  const text = normalized(typed);
  if (!text) return [];
  // A phone typed with spaces, dashes or +91 is matched by its digits.
  const digits = /^[\d\s+()-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  const rank = (customer: KhataCustomer) => {
    const name = normalized(customer.name);
    if (name.startsWith(text)) return 0;
    if (name.includes(text)) return 1;
    if (digits && phoneHolds(customer.phone, digits)) return 2;
    return null;
  };
  return best(
    await db.getAll('customers'),
    rank,
    (customer) => customer.name,
    (customer) => customer._id,
    limit,
  );
}

/** Whether `phone` (10 digits) holds `digits`, or is them typed with its 91 or 0 in front. */
const phoneHolds = (phone: string, digits: string) =>
  phone.includes(digits) || digits.endsWith(phone);
