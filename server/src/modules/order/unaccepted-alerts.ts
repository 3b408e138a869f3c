/**
 * The unaccepted alert: an open order no agent accepted within UNACCEPTED_ALERT_MINUTES of being
 * offered raises an alert at the counter and is offered to the agents again, then again after as
 * long, until someone takes it. Every instance runs the round; the conditional update lets only
 * one of them take each order.
 */
import type { EntityManager, InferKyselyDB, MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { DomainEvents } from '../../lib/domain-events.js';
import type { Logger } from '../../lib/logger.js';
import { repeatEvery } from '../../lib/repeat.js';
import { OrderEventSchema, type OrderSchema } from './order.entity.js';

const CHECK_EVERY_MS = 30_000;

/**
 * Offers again every open order offered `minutes` or more before `now` and not accepted since,
 * with a history line each; once committed, publishes `order.changed` 'unaccepted' for each (the
 * realtime processor sends `order:unaccepted` to the counter and the agents). Answers their ids.
 */
export async function offerUnacceptedAgain(
  em: EntityManager,
  events: DomainEvents,
  minutes: number,
  now = new Date(),
): Promise<string[]> {
  const due = new Date(now.getTime() - minutes * 60_000);
  const ids = await em.transactional(async (tx) => {
    const rows = await tx
      .getKysely<InferKyselyDB<typeof OrderSchema>>()
      .updateTable('orders')
      // Never back in time (a round that waited on a row lock): clients merge by updatedAt.
      .set({ offered_at: now, updated_at: sql<Date>`greatest(updated_at, ${now})` })
      // The open pool (order-queries.ts openPoolOrders), offered long enough ago.
      .where('assigned_to_id', 'is', null)
      .where('status', '=', 'Order Placed')
      .where((eb) => eb.or([eb('payment_type', '=', 'COD'), eb('is_paid', '=', true)]))
      .where('offered_at', '<=', due)
      .returning('id')
      .execute();
    for (const { id } of rows) {
      tx.create(OrderEventSchema, {
        order: id,
        type: 'unaccepted',
        actorRole: 'system',
        note: `no agent accepted it in ${minutes} min`,
      });
    }
    return rows.map((row) => row.id);
  });
  for (const orderId of ids)
    events.publish({ type: 'order.changed', orderId, change: 'unaccepted' });
  return ids;
}

/** Looks for unaccepted orders every 30 s until stopped. */
export function startUnacceptedAlerts(
  orm: MikroORM,
  events: DomainEvents,
  logger: Logger,
  minutes: number,
): { stop(): Promise<void> } {
  return repeatEvery(
    CHECK_EVERY_MS,
    () => offerUnacceptedAgain(orm.em.fork(), events, minutes),
    logger,
    'unaccepted alerts',
  );
}
