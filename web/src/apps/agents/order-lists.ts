import { isVisibleTo, mergeById, type AgentOrder, type OrderRemoval } from '@kirana/shared';

const newestFirst = (by: 'createdAt' | 'updatedAt') => (a: AgentOrder, b: AgentOrder) =>
  Date.parse(b[by]) - Date.parse(a[by]);

/**
 * The orders held after a full refresh answered `incoming`: exactly the orders it lists (the
 * others are no longer visible, e.g. another agent took them), each in the newer of the held
 * and the incoming version by `updatedAt`, so an answer that raced an accept never rolls the
 * card back. Newest first. Returns `held` itself when nothing changed.
 */
export function reconcileOrders(
  held: readonly AgentOrder[],
  incoming: readonly AgentOrder[],
): readonly AgentOrder[] {
  const visible = new Set(incoming.map((order) => order._id));
  let next = held.filter((order) => visible.has(order._id));
  for (const order of incoming) next = mergeById(next, order);
  next.sort(newestFirst('createdAt'));
  const unchanged =
    next.length === held.length && next.every((order, index) => order === held[index]);
  return unchanged ? held : next;
}

/**
 * `held` with one changed `order` (an action's answer or a live event) merged in by `_id`
 * and `updatedAt`, or taken out once agent `agentId` may no longer see it.
 */
export function receiveOrder(
  held: readonly AgentOrder[],
  order: AgentOrder,
  agentId: string,
): readonly AgentOrder[] {
  if (!isVisibleTo(order, { role: 'agent', id: agentId })) {
    const kept = held.filter((candidate) => candidate._id !== order._id);
    return kept.length === held.length ? held : kept;
  }
  const merged = mergeById([...held], order);
  return merged.length === held.length && merged.every((item, index) => item === held[index])
    ? held
    : merged.sort(newestFirst('createdAt'));
}

/**
 * `held` without the order a live `order:removed` names: a cancelled order goes whoever held it;
 * one another agent took goes unless it is agent `agentId`'s own (then this agent won it).
 * Returns `held` itself when the order is not held or is kept.
 */
export function withoutRemovedOrder(
  held: readonly AgentOrder[],
  { _id, reason }: OrderRemoval,
  agentId: string,
): readonly AgentOrder[] {
  const kept = held.filter(
    (order) => order._id !== _id || (reason === 'taken' && order.assignedTo === agentId),
  );
  return kept.length === held.length ? held : kept;
}

export interface AgentOrderLists {
  /** The agent's own orders still to deliver, newest first. */
  mine: AgentOrder[];
  /** Open orders nobody has accepted yet, newest first. */
  open: AgentOrder[];
  /** The agent's own delivered orders, most recently delivered first. */
  delivered: AgentOrder[];
}

/**
 * Splits what `orders/visible` answered into the Active screen's two lists and the Delivered
 * one; a cancelled order is in none.
 */
export function splitOrders(orders: readonly AgentOrder[], agentId: string): AgentOrderLists {
  const lists: AgentOrderLists = { mine: [], open: [], delivered: [] };
  for (const order of orders) {
    // A cancelled order leaves the agents' lists: there is nothing to deliver.
    if (order.status === 'Cancelled') continue;
    if (order.assignedTo === agentId) {
      (order.status === 'Delivered' ? lists.delivered : lists.mine).push(order);
    } else if (order.assignedTo === null && order.status !== 'Delivered') {
      lists.open.push(order);
    }
  }
  lists.mine.sort(newestFirst('createdAt'));
  lists.open.sort(newestFirst('createdAt'));
  lists.delivered.sort(newestFirst('updatedAt'));
  return lists;
}
