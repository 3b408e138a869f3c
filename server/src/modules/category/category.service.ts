import { escapeHtml, type CategoryData, type CategoryUpdate } from '@kirana/shared';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import type { ImageStore } from '../upload/image-store.js';
import { storeSquareImage } from '../upload/images.js';
import { assertImage } from '../upload/upload.js';
import { CategorySchema, type Category } from './category.entity.js';

const pathTaken = (path: string) =>
  new AppError('CONFLICT', `A category with the path ${path} already exists`);

/** A category tile's width and height in pixels. */
const TILE_SIZE = 256;

/** The shop's categories in the seller's order; `shown` leaves out the hidden ones. */
export function listCategories(em: EntityManager, { shown = false } = {}): Promise<Category[]> {
  return em.find(CategorySchema, shown ? { hidden: false } : {}, {
    orderBy: { position: 'asc', createdAt: 'asc' },
  });
}

/** The category whose path is `path`, compared in lower case as category URLs are; or null. */
export function findCategory(em: EntityManager, path: string): Promise<Category | null> {
  return em.findOne(CategorySchema, { path: { $ilike: path.replace(/[\\%_]/g, '\\$&') } });
}

interface Upload {
  buffer: Buffer;
  originalname: string;
}

/** Stores a tile (an SVG or an uploaded picture) as a square WebP; answers its URL. */
async function storeTile(store: ImageStore, source: Buffer): Promise<string> {
  const name = `categories/${uuidv7()}.webp`;
  await storeSquareImage(store, name, source, TILE_SIZE);
  return `${store.baseUrl}/${name}`;
}

/** A tile until the seller gives a picture: the label's first letter on the category's colour. */
function letterTile(label: string, colour: string): Buffer {
  const letter = (Array.from(label.trim())[0] ?? '?').toUpperCase();
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}">` +
      `<rect width="100%" height="100%" fill="${colour}"/>` +
      `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" ` +
      `font-size="${TILE_SIZE / 2}" fill="#1f2937">${escapeHtml(letter)}</text></svg>`,
  );
}

/**
 * The seller adds a category: placed last unless given a position; its tile is the uploaded
 * picture, or its label's first letter on its colour until one is given.
 * @throws AppError CONFLICT when a category of that path (in any case) exists; INVALID for a
 * file that is not a picture.
 */
export async function addCategory(
  em: EntityManager,
  events: DomainEvents,
  store: ImageStore,
  data: CategoryData,
  image: Upload | undefined,
): Promise<Category> {
  if (image) await assertImage(image.buffer, image.originalname);
  if (await findCategory(em, data.path)) throw pathTaken(data.path);
  const imageUrl = await storeTile(store, image?.buffer ?? letterTile(data.text, data.bgColor));
  const category = await em
    .transactional(async (tx) => {
      const [last] = await tx.find(CategorySchema, {}, { orderBy: { position: 'desc' }, limit: 1 });
      return tx.create(CategorySchema, {
        path: data.path,
        label: data.text,
        image: imageUrl,
        bgColor: data.bgColor.toUpperCase(),
        position: data.position ?? (last?.position ?? 0) + 1,
        hidden: data.hidden ?? false,
      });
    })
    .catch((error: unknown) => {
      // Another request added the same path (in any case) meanwhile.
      if (error instanceof UniqueConstraintViolationException) throw pathTaken(data.path);
      throw error;
    });
  events.publish({ type: 'category.changed' });
  return category;
}

/**
 * The seller renames, recolours, moves, hides or shows a category, or gives it a new tile. Its
 * path never changes: URLs and other clients rely on it.
 * @throws AppError NOT_FOUND for an unknown category; INVALID for a file that is not a picture.
 */
export async function updateCategory(
  em: EntityManager,
  events: DomainEvents,
  store: ImageStore,
  { id, text, bgColor, position, hidden }: CategoryUpdate,
  image: Upload | undefined,
): Promise<Category> {
  if (image) await assertImage(image.buffer, image.originalname);
  const imageUrl = image && (await storeTile(store, image.buffer));
  const category = await em.transactional(async (tx) => {
    const category = await tx.findOne(CategorySchema, { id });
    if (!category) throw new AppError('NOT_FOUND', 'Category not found');
    tx.assign(category, {
      ...(text !== undefined && { label: text }),
      ...(bgColor !== undefined && { bgColor: bgColor.toUpperCase() }),
      ...(position !== undefined && { position }),
      ...(hidden !== undefined && { hidden }),
      ...(imageUrl && { image: imageUrl }),
    });
    return category;
  });
  events.publish({ type: 'category.changed' });
  return category;
}
