/**
 * Cash at the door, in the order's own transaction: the agent records the cash they took for a
 * cash-on-delivery order, and a cancelled order's cash goes back to its shopper (the step
 * cancelOrder runs, wired in app.ts).
 */
import { canMarkPaid, formatAmount, ORDER_CURRENCY, toRupees } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../lib/domain-events.js';
import { holdTillCash } from '../../lib/till-lock.js';
import type { CancellationStep } from '../order/order-cancel.service.js';
import { changeAgentOrder } from '../order/order-state.service.js';
import { enforce, factsOf } from '../order/order-rules.js';
import type { Order } from '../order/order.entity.js';
import {
  cashCollectorOf,
  lockCashOf,
  recordCashGivenBack,
  recordCollection,
  recordTillPayout,
} from './cash.service.js';

/**
 * Records cash collected at the door for the agent's cash-on-delivery order; once only.
 * @throws AppError UNAUTHENTICATED (removed agent), NOT_FOUND, FORBIDDEN (not the assigned
 * agent) or conflict (paid, not COD).
 */
export function markOrderPaidInCash(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  orderId: string,
): Promise<Order> {
  return changeAgentOrder(em, events, agentId, orderId, (changes, order, actor) => {
    enforce(canMarkPaid(factsOf(order), actor));
    changes.move(
      order,
      { type: 'paid', actor, note: 'cash' },
      { isPaid: true, paidAt: new Date(), paidVia: 'cash' },
    );
    recordCollection(changes.tx, agentId, order);
    changes.also({ type: 'cash.changed', agentId });
  });
}

const rupees = (paise: number) => formatAmount(toRupees(paise), ORDER_CURRENCY);

/**
 * A cancelled order paid in cash: the cash goes back from the agent who took it (their cash is
 * locked before the order, so that a handover cannot move it under the give-back), and what they
 * had handed over already from the till, as a pay-out its day expects less cash by; the history
 * says how much comes from the till.
 */
export const cashCancellationStep: CancellationStep = {
  async lockFirst(tx, orderId) {
    const collector = await cashCollectorOf(tx, orderId);
    if (!collector) return;
    // As a handover takes them: the till's cash, then the agent's (a close waits, or goes first).
    await holdTillCash(tx, 'shared');
    await lockCashOf(tx, collector);
  },
  async run(changes, order) {
    if (order.paidVia !== 'cash') return null;
    const givenBack = await recordCashGivenBack(changes.tx, order);
    if (givenBack) changes.also({ type: 'cash.changed', agentId: givenBack.agentId });
    const fromTill = givenBack?.fromTillPaise ?? 0;
    if (fromTill > 0) {
      await recordTillPayout(changes.tx, order, fromTill);
      changes.also({ type: 'till.changed' });
    }
    const note = `${rupees(order.amountPaise)} was paid in cash: give it back by hand`;
    return fromTill > 0 ? `${note} (${rupees(fromTill)} of it from the till)` : note;
  },
};
