/*
 * What the counter keeps in this browser to sell without a connection
 * (docs/counter.md#the-till-without-a-connection): the catalogue, the shop and the khata
 * customers as last seen, this counter's series, and the sales made offline waiting to be sent.
 * One IndexedDB database per browser profile, shared by its tabs.
 */
import type {
  CounterDay,
  CounterDevice,
  CounterSale,
  CounterSaleBody,
  KhataCustomer,
  Product,
  Shop,
} from '@kirana/shared';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** A product as kept: the product as last seen, and its codes as lookups find them. */
export interface KeptProduct {
  _id: string;
  product: Product;
  /** Its barcode as printed, or null. */
  barcode: string | null;
  /** Its SKU in lower case (the till finds SKUs whatever their case), or null. */
  sku: string | null;
  /** A loose product's scale code, or null. */
  scaleCode: string | null;
}

/** A sale made offline, kept until the server has recorded it. */
export interface WaitingSale {
  /** Its Idempotency-Key: every try sends the same. */
  key: string;
  /** In the order made: the queue is sent oldest first. */
  seq: number;
  /** The request, with `offline: { madeAt, device, number }` and each item's price charged. */
  body: CounterSaleBody;
  /** The sale as this counter reckoned and printed it. */
  sale: CounterSale;
  /** Refused by the server (never for stock or a khata's limit): why, and its code. */
  refused: { code: string; message: string } | null;
}

export type Meta =
  | { key: 'shop'; shop: Shop; at: string }
  /** The till's open day as last seen (null: none open), so that a reload offline sells on. */
  | { key: 'till'; day: CounterDay | null; at: string }
  | { key: 'device'; device: CounterDevice }
  /** The last number this counter's series took, per financial year. */
  | { key: 'numbers'; lastByYear: Record<number, number> }
  /** The catalogue kept: whole once its last page was read, and when it began. */
  | { key: 'catalogue'; complete: boolean; after: string | null; startedAt: string };

export interface CounterDb extends DBSchema {
  products: {
    key: string;
    value: KeptProduct;
    indexes: { barcode: string; sku: string; scaleCode: string };
  };
  customers: { key: string; value: KhataCustomer };
  meta: { key: Meta['key']; value: Meta };
  waiting: { key: string; value: WaitingSale; indexes: { seq: number } };
}

export const COUNTER_DB = 'kirana-counter';

/** Opens (and first makes) the counter's database. */
export function openCounterDb(name = COUNTER_DB): Promise<IDBPDatabase<CounterDb>> {
  return openDB<CounterDb>(name, 1, {
    upgrade(db) {
      const products = db.createObjectStore('products', { keyPath: '_id' });
      products.createIndex('barcode', 'barcode');
      products.createIndex('sku', 'sku');
      products.createIndex('scaleCode', 'scaleCode');
      db.createObjectStore('customers', { keyPath: '_id' });
      db.createObjectStore('meta', { keyPath: 'key' });
      db.createObjectStore('waiting', { keyPath: 'key' }).createIndex('seq', 'seq');
    },
  });
}

/** A product as the counter keeps it. */
export const keptProduct = (product: Product): KeptProduct => ({
  _id: product._id,
  product,
  barcode: product.barcode,
  sku: product.sku?.toLowerCase() ?? null,
  scaleCode: product.scaleCode,
});

let opened: Promise<IDBPDatabase<CounterDb>> | undefined;

/** This tab's connection to the counter's database, opened once. */
export const counterDb = () => (opened ??= openCounterDb());
