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

/**
 * Offers again every open order offered `minutes` or more before `now` and not accepted since,
 * with a history line each, through order-transitions.ts (the realtime processor then sends
 * `order:unaccepted` to the counter and the agents). Answers their ids.
 */
export async function offerUnacceptedAgain(
  em: EntityManager,
  events: DomainEvents,
  minutes: number,
  now = new Date(),
): Promise<string[]> {
  const due = new Date(now.getTime() - minutes * 60_000);
  return changeOrders(em, events, async (changes) => {
    // Another instance's round holds its orders: skipped here, not waited for (and not offered
    // twice: a row it has committed meanwhile no longer matches once locked).
    const orders = await changes.tx.find(
      OrderSchema,
      { ...openPoolOrders, offeredAt: { $lte: due } },
      { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
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
