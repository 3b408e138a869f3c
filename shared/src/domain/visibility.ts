import { isFinished, type Actor, type OrderFacts } from './order-machine.js';

// Unpaid online orders stay hidden from the shop until the payment is confirmed; cash on
// delivery and khata orders are the shop's at once.
const isReleased = (order: OrderFacts): boolean => order.paymentType !== 'Online' || order.isPaid;

/** Whether `order` is in the pool any agent may accept: released, unassigned, not finished. */
export function isOpenForAgents(order: OrderFacts): boolean {
  return !isFinished(order.status) && order.assignedTo === null && isReleased(order);
}

/**
 * Whether `actor` may see `order`: the seller sees released orders, an agent the open pool plus
 * every order assigned to them that is not cancelled, a shopper only their own orders.
 */
export function isVisibleTo(order: OrderFacts, actor: Actor): boolean {
  switch (actor.role) {
    case 'seller':
      return isReleased(order);
    case 'agent':
      // A cancelled order leaves its agent's lists too: there is nothing left to deliver.
      return (
        (order.assignedTo === actor.id && order.status !== 'Cancelled') || isOpenForAgents(order)
      );
    case 'user':
      return order.userId === actor.id;
  }
}
