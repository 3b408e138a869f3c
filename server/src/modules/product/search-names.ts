import type { SearchNameBody } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { flushUnlessTaken } from '../../lib/flush-unless-taken.js';
import { normalizeName } from './indian-names.js';
import { SearchNameSchema, type SearchName } from './product.entity.js';

/** The seller's own Indian names, in the order added. */
export function listSearchNames(em: EntityManager): Promise<SearchName[]> {
  return em.find(SearchNameSchema, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

/**
 * The seller adds an Indian name of a grocery: search finds what `means` finds when a shopper
 * types `name` (lower case, as search compares); publishes `catalogue.changed` (searches change).
 * @throws AppError CONFLICT when the shop has that name for that meaning already.
 */
export async function addSearchName(
  em: EntityManager,
  events: DomainEvents,
  body: SearchNameBody,
): Promise<SearchName> {
  const name = em.create(SearchNameSchema, {
    name: normalizeName(body.name),
    means: normalizeName(body.means),
  });
  await flushUnlessTaken(em, `${name.name} already means ${name.means}`);
  events.publish({ type: 'catalogue.changed' });
  return name;
}

/**
 * Publishes `catalogue.changed` (searches change).
 * @throws AppError NOT_FOUND for a name the seller never added.
 */
export async function removeSearchName(
  em: EntityManager,
  events: DomainEvents,
  id: string,
): Promise<void> {
  const removed = await em.nativeDelete(SearchNameSchema, { id });
  if (removed === 0) throw new AppError('NOT_FOUND', 'No such search name');
  events.publish({ type: 'catalogue.changed' });
}
