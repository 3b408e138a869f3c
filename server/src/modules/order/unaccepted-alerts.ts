/**
 * The unaccepted alert: an open order no agent accepted within UNACCEPTED_ALERT_MINUTES of being
 * offered raises an alert at the counter and is offered to the agents again, then again after as
 * long, until someone takes it. Every instance runs the round; row locks let only one of them
 * take each order.
 */
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../lib/domain-events.js';
import type { Logger } from '../../lib/logger.js';
import { repeatEvery } from '../../lib/repeat.js';
import { openPoolOrders } from './order-queries.js';
import { changeOrders } from './order-transitions.js';
import { OrderSchema } from './order.entity.js';

const CHECK_EVERY_MS = 30_000;

/** The most orders one transaction of a round offers again: a backlog is read a batch at a time. */
export const REOFFER_BATCH = 200;

/**
 * Offers again every open order offered `minutes` or more before `now` and not accepted since,
 * with a history line each, through order-transitions.ts (the realtime processor then sends
 * `order:unaccepted` to the counter and the agents), {@link REOFFER_BATCH} at a time, each batch
 * its own transaction; then announces the round once, for the agents' phones. Answers their ids.
 */
export async function offerUnacceptedAgain(
  em: EntityManager,
  events: DomainEvents,
  minutes: number,
  now = new Date(),
): Promise<string[]> {
  const due = new Date(now.getTime() - minutes * 60_000);
  const offered: string[] = [];
  for (;;) {
    // A fork each: the batches' orders are not kept once offered.
    const batch = await changeOrders(em.fork(), events, async (changes) => {
      // Another instance's round holds its orders: skipped here, not waited for (and not offered
      // twice: a row it has committed meanwhile no longer matches once locked).
      const orders = await changes.tx.find(
        OrderSchema,
        { ...openPoolOrders, offeredAt: { $lte: due } },
        {
          lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE,
          orderBy: { offeredAt: 'asc', id: 'asc' },
          limit: REOFFER_BATCH,
        },
      );
      for (const order of orders) {
        changes.move(
          order,
          {
            type: 'unaccepted',
            actor: { role: 'system' },
            note: `no agent accepted it in ${minutes} min`,
          },
          { offeredAt: now },
        );
      }
      return orders.map((order) => order.id);
    });
    offered.push(...batch);
    // Offered now, a batch's orders no longer match: a short one was the last.
    if (batch.length < REOFFER_BATCH) break;
  }
  if (offered.length > 0) events.publish({ type: 'orders.reoffered' });
  return offered;
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
