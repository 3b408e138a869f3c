/**
 * Cancelling an order: by its shopper or the seller, per the shared rules, with its units back on
 * the shelf and the steps of the modules above order (cash given back, refunds) in the same
 * transaction; its change made through order-transitions.ts, with the entity manager.
 */
import { canCancel, isVisibleTo, MESSAGES, type Actor } from '@kirana/shared';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { putBackUnits } from './order-units.js';
import { enforce, factsOf } from './order-rules.js';
import { changeOrders, type OrderChanges } from './order-transitions.js';
import { OrderSchema, type Order } from './order.entity.js';

/** Who may cancel an order, and the seller's reason (a shopper gives none). */
export type Canceller = { role: 'user'; id: string } | { role: 'seller'; reason: string };

/**
 * What a cancellation does beyond the order and its units, in the order's own transaction. The
 * modules above order provide these (cash gives back what was taken at the door, payment writes
 * down refunds; app.ts wires them), so the order module depends on none of them.
 */
export interface CancellationStep {
  /** Locks what must be locked before the order's row (everywhere: an agent's, then orders). */
  lockFirst?(tx: EntityManager, orderId: string): Promise<void>;
  /**
   * Runs once the rules allow the cancellation, before the order moves, making its changes
   * through `changes`; answers a note for the history line, or null.
   */
  run(changes: OrderChanges, order: Order, canceller: Canceller): Promise<string | null>;
}

/**
 * Cancels an order: its shopper until it is picked, the seller until it is delivered, per the
 * shared rules. In one transaction the units it took go back to stock and each of `steps` runs
 * (the cash taken at the door goes back, online payments are written down for refunds). The
 * same cancel again (same canceller and reason) answers the order unchanged, so a retried
 * request succeeds and does nothing more. Answers the order and whether a refund is on its way.
 * @throws AppError NOT_FOUND for an order the canceller cannot see; FORBIDDEN or CONFLICT when
 * the rules refuse (an order someone else cancelled, or with another reason, included).
 */
export async function cancelOrder(
  em: EntityManager,
  events: DomainEvents,
  steps: readonly CancellationStep[],
  canceller: Canceller,
  orderId: string,
): Promise<{ order: Order; refunding: boolean }> {
  const actor: Actor = canceller.role === 'user' ? canceller : { role: 'seller' };
  const order = await changeOrders(em, events, async (changes) => {
    const { tx } = changes;
    for (const step of steps) await step.lockFirst?.(tx, orderId);
    const order = await tx.findOne(
      OrderSchema,
      { id: orderId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!order || !isVisibleTo(factsOf(order), actor))
      throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
    const reason = canceller.role === 'seller' ? canceller.reason : null;
    // The same cancel again (a retried request) answers the order as it is; any other is refused.
    const retried =
      order.status === 'Cancelled' &&
      order.cancelledBy === actor.role &&
      order.cancelReason === reason;
    if (retried) {
      await tx.populate(order, ['items.product', 'assignedTo']);
      return order;
    }
    enforce(canCancel(factsOf(order), actor));

    const notes: string[] = [];
    for (const step of steps) {
      const note = await step.run(changes, order, canceller);
      if (note) notes.push(note);
    }
    if (reason) notes.push(reason);
    changes.move(
      order,
      {
        type: 'cancelled',
        actor,
        to: 'Cancelled',
        // The steps' notes first: a long reason must not cut them off.
        note: notes.join('; '),
      },
      { cancelledAt: new Date(), cancelledBy: actor.role, cancelReason: reason },
    );
    await tx.flush();
    for (const productId of await putBackUnits(tx, orderId))
      changes.also({ type: 'product.changed', productId });
    // Its agent may be free again.
    if (order.assignedTo) changes.also({ type: 'agents.changed' });
    await tx.refresh(order, { populate: ['items.product', 'assignedTo'] });
    return order;
  });
  return { order, refunding: order.refundStatus === 'pending' };
}
