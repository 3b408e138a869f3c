/** Unpaid online orders whose time to pay has run out are cancelled (the payments poller asks). */
import { MESSAGES } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { changeOrders } from '../order/order-transitions.js';
import { putBackUnits } from '../order/order-units.js';
import type { PaymentDeps } from './provider.js';

/**
 * Cancels an unpaid online order whose time to pay has passed, putting back the units it took.
 * Conditional, so it cannot cancel an order a payment has just marked paid (and a payment after
 * it is refunded).
 * Answers whether this call cancelled it.
 */
export async function expireUnpaidOrder(
  em: EntityManager,
  deps: PaymentDeps,
  orderId: string,
): Promise<boolean> {
  return changeOrders(em, deps.events, async (changes) => {
    const now = new Date();
    const cancelled = await changes.moveWhere(
      orderId,
      { paymentType: 'Online', isPaid: false, expiresAt: { $lte: now } },
      {
        cancelledAt: now,
        cancelledBy: 'system',
        cancelReason: MESSAGES.paymentNotCompleted,
      },
      {
        type: 'expired',
        actor: { role: 'system' },
        from: 'Order Placed',
        to: 'Cancelled',
        note: MESSAGES.paymentNotCompleted,
      },
    );
    if (!cancelled) return false;
    for (const productId of await putBackUnits(changes.tx, orderId))
      changes.also({ type: 'product.changed', productId });
    return true;
  });
}
