import type { SearchNameBody } from '@kirana/shared';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import { normalizeName } from './indian-names.js';
import { SearchNameSchema, type SearchName } from './product.entity.js';

/** The seller's own Indian names, in the order added. */
export function listSearchNames(em: EntityManager): Promise<SearchName[]> {
  return em.find(SearchNameSchema, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

/**
 * The seller adds an Indian name of a grocery: search finds what `means` finds when a shopper
 * types `name` (lower case, as search compares).
 * @throws AppError conflict when the shop has that name for that meaning already.
 */
export async function addSearchName(em: EntityManager, body: SearchNameBody): Promise<SearchName> {
  const name = em.create(SearchNameSchema, {
    name: normalizeName(body.name),
    means: normalizeName(body.means),
  });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new AppError('conflict', `${name.name} already means ${name.means}`);
    }
    throw error;
  }
  return name;
}

/**
 * @throws AppError notFound for a name the seller never added.
 */
export async function removeSearchName(em: EntityManager, id: string): Promise<void> {
  const removed = await em.nativeDelete(SearchNameSchema, { id });
  if (removed === 0) throw new AppError('notFound', 'No such search name');
}
