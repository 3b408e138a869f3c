import { isFinished, type Actor, type OrderFacts } from './order-machine.js';

// Unpaid online orders stay hidden from the shop until the payment is confirmed.
const isReleased = (order: OrderFacts): boolean => order.paymentType === 'COD' || order.isPaid;

/** Whether `order` is in the pool any agent may accept: released, unassigned, not finished. */
export function isOpenForAgents(order: OrderFacts): boolean {
  return !isFinished(order.status) && order.assignedTo === null && isReleased(order);
}

/**
 * Whether `actor` may see `order`: the seller sees released orders, an agent the open pool plus
 * every order assigned to them, a shopper only their own orders.
 */
export function isVisibleTo(order: OrderFacts, actor: Actor): boolean {
  switch (actor.role) {
    case 'seller':
      return isReleased(order);
    case 'agent':
      return order.assignedTo === actor.id || isOpenForAgents(order);
    case 'user':
      return order.userId === actor.id;
  }
}
