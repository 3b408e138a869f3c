import {
  MAX_PRODUCT_IMAGES,
  OFFER_ABOVE_PRICE,
  rateHundredths,
  toPaise,
  type ProductData,
  type ProductUpdate,
  type StockBody,
} from '@kirana/shared';
import {
  LockMode,
  UniqueConstraintViolationException,
  type EntityManager,
} from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { findCategory } from '../category/category.service.js';
import type { ImageStore } from '../upload/image-store.js';
import { storeImage } from '../upload/images.js';
import { assertImage } from '../upload/upload.js';
import { assertCodesFree, changedCodes, holdProductCodes, type Codes } from './product-codes.js';
import {
  assertCountable,
  assertNoPacks,
  assertUnitFields,
  splitUnitChange,
  unitFieldsAfter,
  unitFieldsOf,
} from './product-packs.js';
import { ProductEventSchema, ProductSchema, type Product } from './product.entity.js';

/**
 * The catalogue in the order it was created, archived products left out; shoppers' screens
 * filter to in-stock items.
 */
export async function listProducts(em: EntityManager): Promise<Product[]> {
  return em.find(ProductSchema, { archivedAt: null }, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

const PRODUCT_NOT_FOUND = 'Product not found';

/**
 * The product `id`, its row locked for the rest of the transaction.
 * @throws AppError NOT_FOUND for an unknown product; CONFLICT for an archived one.
 */
async function lockProduct(tx: EntityManager, id: string): Promise<Product> {
  const product = await tx.findOne(ProductSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!product) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  if (product.archivedAt) throw archivedError(product);
  return product;
}

const archivedError = (product: Product) =>
  new AppError('CONFLICT', `${product.name} is archived: it is no longer sold`);

/** Writes one line of the product's history, with its stock as it stands after the change. */
export function recordChange(
  tx: EntityManager,
  product: Product,
  type: 'added' | 'stock' | 'edited' | 'archived',
  note: string | null = null,
): void {
  tx.create(ProductEventSchema, {
    product,
    type,
    actorRole: 'seller',
    inStock: product.inStock,
    stockCount: product.stockCount,
    note,
  });
}

export interface UploadedImage {
  originalname: string;
  buffer: Buffer;
}

/**
 * Adds a product; its pictures are checked by content, then re-encoded to WebP at every served
 * width before the product is saved.
 * @throws AppError INVALID when a file is not an accepted picture; CONFLICT when another live
 * product holds its SKU or barcode, as either; as assertUnitFields for its unit and packs.
 */
export async function addProduct(
  em: EntityManager,
  events: DomainEvents,
  store: ImageStore,
  data: ProductData,
  images: UploadedImage[],
): Promise<Product> {
  for (const image of images) await assertImage(image.buffer, image.originalname);
  const category = await categoryPathOf(em, data.category);
  await assertCodesFree(em, data);
  const units = unitFieldsAfter(null, splitUnitChange(data).change);
  await assertUnitFields(em, units, null);
  const urls = await Promise.all(
    images.map((image) => storeImage(store, `products/${uuidv7()}`, image.buffer)),
  );
  // The codes held first: an import or another seller's edit may be giving one of them out.
  const product = await em.transactional(async (tx) => {
    if (data.sku || data.barcode || units.scaleCode) {
      await holdProductCodes(tx);
      await assertCodesFree(tx, data);
    }
    await assertUnitFields(tx, units, null);
    const product = tx.create(ProductSchema, {
      ...units,
      name: data.name,
      category,
      sku: data.sku,
      barcode: data.barcode,
      description: data.description,
      pricePaise: toPaise(data.price),
      offerPricePaise: toPaise(data.offerPrice),
      images: urls,
      inStock: true,
      stockCount: null,
      weight: data.weight,
      hsn: data.hsn,
      gstRate: storedGstRate(data.gstRate),
    });
    recordChange(tx, product, 'added');
    await flushCodes(tx, data);
    return product;
  });
  events.publish({ type: 'product.changed', productId: product.id });
  return product;
}

/** A GST rate as the product keeps it: percent in the API, hundredths in the database; null: none. */
export const storedGstRate = (rate: number | null): number | null =>
  rate === null ? null : rateHundredths(rate);

/**
 * The stored path of the category `path` names, in any case.
 * @throws AppError INVALID when the shop has no such category.
 */
async function categoryPathOf(em: EntityManager, path: string): Promise<string> {
  const category = await findCategory(em, path);
  if (!category) throw new AppError('INVALID', `category: the shop has no category "${path}"`);
  return category.path;
}

/**
 * Flushes, turning a race lost on the live products' unique codes into the same refusal as
 * assertCodesFree's.
 * @throws AppError CONFLICT when another product took the SKU or barcode meanwhile;
 * SCALE_CODE_TAKEN for its scale code.
 */
export async function flushCodes(em: EntityManager, codes: Codes): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && /scale_code/.test(error.message))
      throw new AppError('SCALE_CODE_TAKEN', 'scaleCode is already used by another product');
    if (error instanceof UniqueConstraintViolationException) {
      const what = /barcode/.test(error.message) ? 'barcode' : 'SKU';
      const code = what === 'barcode' ? codes.barcode : codes.sku;
      throw new AppError(
        'CONFLICT',
        `${what}${code ? ` ${code}` : ''} is already used by another product`,
      );
    }
    throw error;
  }
}

/**
 * The seller sets a product's stock: the in/out switch, the count of units (null: not counted),
 * or both; a count alone also sets the switch (in stock above 0, out at 0) and puts the units
 * sold past the count back to 0. The row is locked first, so an order taking units meanwhile is
 * not overwritten. Written to the product's history.
 * @throws AppError NOT_FOUND for an unknown product; CONFLICT for switching on a counted product
 * with no units left.
 */
export async function setStock(
  em: EntityManager,
  events: DomainEvents,
  change: StockBody,
): Promise<Product> {
  const [product] = await setStocks(em, events, [change]);
  if (!product) throw new Error('setStocks answered no product for one change');
  return product;
}

/**
 * The seller's stock changes to several products at once (Product List's bulk edit), each as
 * {@link setStock} makes it, all in one transaction: one refusal changes none. Rows are locked
 * in id order, so two bulk edits never deadlock each other.
 * @throws AppError as setStock, naming the product refused.
 */
export async function setStocks(
  em: EntityManager,
  events: DomainEvents,
  changes: readonly StockBody[],
): Promise<Product[]> {
  const products = await em.transactional(async (tx) => {
    const locked = new Map<string, Product>();
    for (const id of changes.map((change) => change.id).sort()) {
      locked.set(id, await lockProduct(tx, id));
    }
    return changes.map(({ id, inStock, stockCount }) => {
      const product = locked.get(id);
      if (!product) throw new Error(`product ${id} was not locked`);
      assertCountable(product, stockCount);
      // A count set anew is the shelf counted: nothing is sold past it any more.
      if (stockCount !== undefined) Object.assign(product, { stockCount, pastCount: 0 });
      if (inStock !== undefined) product.inStock = inStock;
      else if (stockCount !== undefined && stockCount !== null) product.inStock = stockCount > 0;
      if (product.inStock && product.stockCount === 0) {
        throw new AppError(
          'CONFLICT',
          `${product.name} has no units left: enter how many there are to put it back in stock`,
        );
      }
      recordChange(tx, product, 'stock');
      return product;
    });
  });
  for (const { id } of changes) events.publish({ type: 'product.changed', productId: id });
  return products;
}

/**
 * A picture as stored ('/uploads/…'), from the absolute URL the answers carry (see
 * presentProduct) or the stored path itself.
 */
export function storedPath(url: string): string {
  return !url.startsWith('/') && URL.canParse(url) ? new URL(url).pathname : url;
}

/** The words the history uses for each field an edit may change. */
const FIELD_NAMES = {
  name: 'name',
  description: 'description',
  category: 'category',
  pricePaise: 'price',
  offerPricePaise: 'offer price',
  weight: 'weight',
  sku: 'SKU',
  barcode: 'barcode',
  images: 'pictures',
  inStock: 'in stock',
  stockCount: 'units',
  pastCount: 'shelf counted',
  unit: 'unit',
  steps: 'steps',
  scaleCode: 'scale code',
  family: 'family',
  packLabel: 'pack label',
  drawsFrom: 'draws from',
  packQuantity: 'pack quantity',
  hsn: 'HSN',
  gstRate: 'GST rate',
} as const;

/** What a history line says changed, e.g. 'name, offer price, pictures'. */
export function changedFieldsNote(fields: readonly string[]): string {
  return fields.map((field) => FIELD_NAMES[field as keyof typeof FIELD_NAMES] ?? field).join(', ');
}

/**
 * The seller edits a product: any of its fields, and its pictures (`image`: their new order, kept
 * ones by URL and new `images` files by index; the new ones are checked by content and stored
 * like add's). Its stock is left as it is. Written to the product's history with what changed; nothing changed writes
 * nothing. Past orders keep the prices they were charged.
 * @throws AppError NOT_FOUND for an unknown product; CONFLICT for an archived one, or for a SKU or
 * barcode another live product holds, as either; as assertUnitFields for its unit and packs
 * (a change of unit, or to drawing from loose stock, empties its count); INVALID for a picture
 * that is not the product's own or not a picture, more than MAX_PRODUCT_IMAGES pictures, or an
 * offer above the price.
 */
export async function updateProduct(
  em: EntityManager,
  events: DomainEvents,
  store: ImageStore,
  { id, image: layout, price, offerPrice, gstRate, ...given }: ProductUpdate,
  images: UploadedImage[],
): Promise<Product> {
  const { change, rest: fields } = splitUnitChange(given);
  for (const upload of images) await assertImage(upload.buffer, upload.originalname);
  // A fork of its own: the row is read afresh under the lock below.
  const current = await em.fork().findOne(ProductSchema, { id });
  if (!current) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  if (current.archivedAt) throw archivedError(current);
  const entries = layout?.map((entry) => (typeof entry === 'string' ? storedPath(entry) : entry));
  checkPictures(entries ?? current.images, current.images, images.length);
  checkPrices(current, price, offerPrice);
  if (fields.category !== undefined) fields.category = await categoryPathOf(em, fields.category);
  await assertCodesFree(em, changedCodes(fields, current), id);
  await assertUnitFields(em, unitFieldsAfter(unitFieldsOf(current), change), current);
  // Encoded before the row is locked: that takes a while, and a refusal above stores nothing.
  const added = await Promise.all(
    images.map((upload) => storeImage(store, `products/${uuidv7()}`, upload.buffer)),
  );

  const { product, changed } = await em.transactional(async (tx) => {
    // The codes held before the row, as every writer of codes takes them.
    if (fields.sku !== undefined || fields.barcode !== undefined || change.scaleCode)
      await holdProductCodes(tx);
    const product = await lockProduct(tx, id);
    await assertCodesFree(tx, changedCodes(fields, product), id);
    const units = unitFieldsAfter(unitFieldsOf(product), change);
    await assertUnitFields(tx, units, product);
    // A count in another unit, or of a pack now drawing from loose stock, counts nothing now.
    const recount =
      (units.unit !== product.unit || (units.drawsFrom !== null && !product.drawsFrom)) &&
      product.stockCount !== null;
    // In the order asked for, among the pictures it has now (absent: all), then any new one
    // the order did not place.
    const ordered = (entries ?? product.images).flatMap((entry) =>
      typeof entry === 'number'
        ? (added[entry] ?? [])
        : product.images.includes(entry)
          ? entry
          : [],
    );
    const next = {
      ...fields,
      ...units,
      ...(recount && { stockCount: null, pastCount: 0 }),
      ...(price !== undefined && { pricePaise: toPaise(price) }),
      ...(offerPrice !== undefined && { offerPricePaise: toPaise(offerPrice) }),
      ...(gstRate !== undefined && { gstRate: storedGstRate(gstRate) }),
      images: [...ordered, ...added.filter((url) => !ordered.includes(url))],
    };
    checkPictures(next.images, next.images, 0);
    checkPrices(product, price, offerPrice);
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
      (field) => JSON.stringify(next[field]) !== JSON.stringify(product[field]),
    );
    if (changed.length === 0) return { product, changed };
    tx.assign(product, next);
    recordChange(tx, product, 'edited', changedFieldsNote(changed));
    await flushCodes(tx, fields);
    return { product, changed };
  });
  if (changed.length > 0) events.publish({ type: 'product.changed', productId: id });
  return product;
}

/**
 * Checks a product's pictures after an edit: `entries` in order (a stored path, or the index of
 * a new file), only among `own`, with `uploads` new files, at most MAX_PRODUCT_IMAGES in all.
 * @throws AppError INVALID naming what is wrong.
 */
function checkPictures(
  entries: readonly (string | number)[],
  own: readonly string[],
  uploads: number,
): void {
  if (entries.some((entry) => typeof entry === 'string' && !own.includes(entry)))
    throw new AppError('INVALID', 'image: keep only pictures the product already has');
  if (entries.some((entry) => typeof entry === 'number' && entry >= uploads))
    throw new AppError('INVALID', `image: there are only ${uploads} new pictures`);
  const unplaced = uploads - entries.filter((entry) => typeof entry === 'number').length;
  if (entries.length + unplaced > MAX_PRODUCT_IMAGES)
    throw new AppError('INVALID', `images: a product has at most ${MAX_PRODUCT_IMAGES} pictures`);
}

/**
 * @throws AppError INVALID when the prices after the edit would put the offer above the price.
 */
function checkPrices(product: Product, price?: number, offerPrice?: number): void {
  const pricePaise = price === undefined ? product.pricePaise : toPaise(price);
  const offerPaise = offerPrice === undefined ? product.offerPricePaise : toPaise(offerPrice);
  if (offerPaise > pricePaise) throw new AppError('INVALID', OFFER_ABOVE_PRICE);
}

/**
 * The seller archives a product: it leaves the catalogue for good (out of stock, and no order
 * can take it again) and stays on the orders that hold it. Archiving it again answers it as it
 * is. Written to the product's history.
 * @throws AppError NOT_FOUND for an unknown product; DRAWN_FROM while live packs draw from it.
 */
export async function archiveProduct(
  em: EntityManager,
  events: DomainEvents,
  id: string,
): Promise<Product> {
  const { product, changed } = await em.transactional(async (tx) => {
    const product = await tx.findOne(
      ProductSchema,
      { id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!product) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
    if (product.archivedAt) return { product, changed: false };
    await assertNoPacks(tx, product, 'archived');
    product.archivedAt = new Date();
    product.inStock = false;
    recordChange(tx, product, 'archived');
    return { product, changed: true };
  });
  if (changed) events.publish({ type: 'product.changed', productId: id });
  return product;
}
