/*
 * What the counter keeps to sell without a connection (docs/counter.md#the-till-without-a-connection):
 * the live catalogue, read a page at a time in the background and kept fresh by the live feed;
 * the shop as last seen; the khata customers with the balance and limit last seen.
 */
import type { KhataCustomer, Product, Shop } from '@kirana/shared';
import type { IDBPDatabase } from 'idb';
import type { ApiClient } from '../../../../../lib/api-client';
import { getCataloguePage, getKhataCustomersPage } from '../api/catalogue';
import { keptProduct, type CounterDb, type KeptProduct, type Meta } from './counter-db';
import { forgetSearchable } from './kept-lookup';

type Db = IDBPDatabase<CounterDb>;
type CatalogueMeta = Extract<Meta, { key: 'catalogue' }>;

/** How long a whole catalogue serves before the Counter's next start reads it again. */
export const KEPT_CATALOGUE_FRESH_MS = 60 * 60 * 1000;

/** One tab reads the catalogue at a time: the others' passes would only repeat it. */
const CATALOGUE_LOCK = 'kirana-counter-catalogue';

/** What the Counter says of its kept catalogue: "10,000 products kept for offline". */
export interface KeptCount {
  products: number;
  /** Whether a pass over the whole catalogue has ended (the products kept may still be older). */
  complete: boolean;
}

export interface KeepCatalogueOptions {
  signal?: AbortSignal;
  /** Begin a new pass whatever the last one (many products changed at once: an import). */
  renew?: boolean;
  /** Told after each page is kept. */
  onPage?: (count: KeptCount) => void;
  /** The time now, for when a pass began and whether the last one is fresh. */
  now?: () => Date;
}

/** The products kept, and whether the catalogue has been read whole. */
export async function keptCount(db: Db): Promise<KeptCount> {
  const [products, meta] = await Promise.all([db.count('products'), catalogueMeta(db)]);
  return { products, complete: meta?.complete ?? false };
}

/**
 * Reads the live catalogue into `db` page by page from where the last pass stopped (a reload
 * resumes it), each page written in one transaction; once its last page is kept the catalogue
 * is `complete`. A new pass begins when there is none, when the whole one began more than
 * KEPT_CATALOGUE_FRESH_MS ago, or when `renew` says; as it goes, products it no longer finds
 * are forgotten. Does nothing while another tab reads it (a renewal waits for it instead).
 * @throws ApiError when a page could not be read (what was kept stays, and the next call
 * resumes); the signal's reason when aborted.
 */
export async function keepCatalogue(
  db: Db,
  api: ApiClient,
  { signal, renew = false, onPage, now = () => new Date() }: KeepCatalogueOptions = {},
): Promise<KeptCount> {
  const pass = async () => {
    let meta = await catalogueMeta(db);
    const stale =
      !meta ||
      (meta.complete && now().getTime() - Date.parse(meta.startedAt) > KEPT_CATALOGUE_FRESH_MS);
    if (renew || stale) {
      meta = { key: 'catalogue', complete: false, after: null, startedAt: now().toISOString() };
      await db.put('meta', meta);
    }
    while (meta && !meta.complete) {
      signal?.throwIfAborted();
      const page = await getCataloguePage(api, meta.after, signal);
      meta = await keepPage(db, meta, page.products, page.next);
      onPage?.(await keptCount(db));
      // Gives the till its turn between pages: a scan never waits for the catalogue.
      await breath();
    }
    return keptCount(db);
  };
  const locks = globalThis.navigator?.locks;
  if (!locks) return pass();
  // A renewal waits for a pass running elsewhere, which may be past products the import changed.
  if (renew) return locks.request(CATALOGUE_LOCK, signal ? { signal } : {}, pass);
  return locks.request(CATALOGUE_LOCK, { ifAvailable: true }, (lock) =>
    lock ? pass() : keptCount(db),
  );
}

/**
 * One page of the pass kept in one transaction: its products, and the kept ones in the ids it
 * covers (after the cursor, up to its last id; to the end on the last page) that it no longer
 * holds forgotten. A kept copy newer than the page's (laid in by the live feed meanwhile) stays.
 */
async function keepPage(
  db: Db,
  meta: CatalogueMeta,
  products: readonly Product[],
  next: string | null,
): Promise<CatalogueMeta> {
  const covered = rangeOf(meta.after, next ?? undefined);
  const tx = db.transaction(['products', 'meta'], 'readwrite');
  const store = tx.objectStore('products');
  const held = new Map((await store.getAll(covered)).map((kept) => [kept._id, kept]));
  const given = new Set(products.map((product) => product._id));
  const writes: Promise<unknown>[] = [];
  for (const kept of held.values()) if (!given.has(kept._id)) writes.push(store.delete(kept._id));
  for (const product of products) {
    const older = held.get(product._id);
    if (product.archivedAt || (older && isNewer(older.product, product))) continue;
    writes.push(store.put(keptProduct(product)));
  }
  const after: CatalogueMeta = { ...meta, complete: next === null, after: next };
  writes.push(tx.objectStore('meta').put(after));
  forgetSearchable();
  await Promise.all([...writes, tx.done]);
  return after;
}

/** The ids after `after` (none: from the first) up to `upTo` (none: to the last). */
function rangeOf(after: string | null, upTo: string | undefined): IDBKeyRange | undefined {
  if (after === null) return upTo === undefined ? undefined : IDBKeyRange.upperBound(upTo);
  return upTo === undefined
    ? IDBKeyRange.lowerBound(after, true)
    : IDBKeyRange.bound(after, upTo, true, false);
}

const isNewer = (kept: Product, product: Product) =>
  Date.parse(kept.updatedAt) > Date.parse(product.updatedAt);

const breath = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const catalogueMeta = async (db: Db) =>
  (await db.get('meta', 'catalogue')) as CatalogueMeta | undefined;

/**
 * A product as the live feed told it: kept, or forgotten once archived. An older copy than the
 * one kept (events out of order) changes nothing.
 */
export async function keepProduct(db: Db, product: Product): Promise<void> {
  const tx = db.transaction('products', 'readwrite');
  const kept: KeptProduct | undefined = await tx.store.get(product._id);
  if (product.archivedAt) await tx.store.delete(product._id);
  else if (!kept || !isNewer(kept.product, product)) await tx.store.put(keptProduct(product));
  await tx.done;
  forgetSearchable();
}

/** The shop's settings as last seen (its tax, label prefixes, invoice prefix …). */
export async function keepShop(db: Db, shop: Shop, at = new Date()): Promise<void> {
  await db.put('meta', { key: 'shop', shop, at: at.toISOString() });
}

/** The shop as last kept, or undefined when this browser never kept it. */
export async function keptShop(db: Db): Promise<Shop | undefined> {
  const meta = await db.get('meta', 'shop');
  return meta?.key === 'shop' ? meta.shop : undefined;
}

/**
 * Every khata customer, as `GET /api/khata/customers` lists them page by page, kept with the
 * balance and limit seen now; those no longer listed are forgotten (written once all are read).
 * @throws ApiError when a page could not be read (the customers kept before stay as they were);
 * the signal's reason when aborted.
 */
export async function keepCustomers(
  db: Db,
  api: ApiClient,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number> {
  const customers: KhataCustomer[] = [];
  for (let page = 1, pages = 1; page <= pages; page += 1) {
    signal?.throwIfAborted();
    const answer = await getKhataCustomersPage(api, page, signal);
    customers.push(...answer.customers);
    pages = answer.pages;
    await breath();
  }
  const tx = db.transaction('customers', 'readwrite');
  const listed = new Set(customers.map((customer) => customer._id));
  const gone = (await tx.store.getAllKeys()).filter((id) => !listed.has(id));
  await Promise.all([
    ...gone.map((id) => tx.store.delete(id)),
    ...customers.map((customer) => tx.store.put(customer)),
    tx.done,
  ]);
  return customers.length;
}

/** A khata customer as the live feed told it (a sale, a payment, a new limit). */
export async function keepCustomer(db: Db, customer: KhataCustomer): Promise<void> {
  await db.put('customers', customer);
}
