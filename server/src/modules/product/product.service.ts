import { toPaise, type ProductData, type StockBody } from '@kirana/shared';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import type { ImageStore } from '../upload/image-store.js';
import { storeImage } from '../upload/images.js';
import { assertImage } from '../upload/upload.js';
import { ProductEventSchema, ProductSchema, type Product } from './product.entity.js';

/** The whole catalogue in the order it was created; shoppers' screens filter to in-stock items. */
export async function listProducts(em: EntityManager): Promise<Product[]> {
  return em.find(ProductSchema, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

export interface UploadedImage {
  originalname: string;
  buffer: Buffer;
}

/**
 * Adds a product; its pictures are checked by content, then re-encoded to WebP at every served
 * width before the product is saved.
 * @throws AppError invalid when a file is not an accepted picture.
 */
export async function addProduct(
  em: EntityManager,
  events: DomainEvents,
  store: ImageStore,
  data: ProductData,
  images: UploadedImage[],
): Promise<Product> {
  for (const image of images) await assertImage(image.buffer, image.originalname);
  const urls = await Promise.all(
    images.map((image) => storeImage(store, `products/${uuidv7()}`, image.buffer)),
  );
  const product = em.create(ProductSchema, {
    name: data.name,
    category: data.category,
    description: data.description,
    pricePaise: toPaise(data.price),
    offerPricePaise: toPaise(data.offerPrice),
    images: urls,
    inStock: true,
    stockCount: null,
    weight: data.weight,
  });
  em.create(ProductEventSchema, {
    product,
    type: 'added',
    actorRole: 'seller',
    inStock: product.inStock,
    stockCount: product.stockCount,
  });
  await em.flush();
  events.publish({ type: 'product.changed', productId: product.id });
  return product;
}

/**
 * The seller sets a product's stock: the in/out switch, the count of units (null: not counted),
 * or both; a count alone also sets the switch (in stock above 0, out at 0). The row is locked
 * first, so an order taking units meanwhile is not overwritten. Written to the product's history.
 * @throws AppError notFound for an unknown product; conflict for switching on a counted product
 * with no units left.
 */
export async function setStock(
  em: EntityManager,
  events: DomainEvents,
  { id, inStock, stockCount }: StockBody,
): Promise<Product> {
  const product = await em.transactional(async (tx) => {
    const product = await tx.findOne(
      ProductSchema,
      { id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!product) throw new AppError('notFound', 'Product not found');
    if (stockCount !== undefined) product.stockCount = stockCount;
    if (inStock !== undefined) product.inStock = inStock;
    else if (stockCount !== undefined && stockCount !== null) product.inStock = stockCount > 0;
    if (product.inStock && product.stockCount === 0) {
      throw new AppError(
        'conflict',
        `${product.name} has no units left: enter how many there are to put it back in stock`,
      );
    }
    tx.create(ProductEventSchema, {
      product,
      type: 'stock',
      actorRole: 'seller',
      inStock: product.inStock,
      stockCount: product.stockCount,
    });
    return product;
  });
  events.publish({ type: 'product.changed', productId: id });
  return product;
}
