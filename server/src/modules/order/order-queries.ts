import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { OrderSchema, type Order } from './order.entity.js';

/*
 * The database form of the shared visibility rules (shared/src/domain/visibility.ts), for
 * queries and the atomic accept; order-queries.test.ts checks that both agree.
 */

/** Released to the shop: cash-on-delivery and khata orders at once, online ones once paid. */
export const releasedOrders = {
  $or: [{ paymentType: { $ne: 'Online' } }, { isPaid: true }],
} satisfies FilterQuery<Order>;

/** The unassigned pool every agent sees and may accept from. */
export const openPoolOrders = {
  assignedTo: null,
  status: { $nin: ['Delivered', 'Cancelled'] },
  ...releasedOrders,
} satisfies FilterQuery<Order>;

/** How many orders wait in the pool for an agent now. */
export function countOpenPoolOrders(em: EntityManager): Promise<number> {
  return em.count(OrderSchema, openPoolOrders);
}

/** The agents of `ids` holding an order they have still to deliver (AgentHooks.busy). */
export async function busyAgents(em: EntityManager, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const held = await em.find(
    OrderSchema,
    { assignedTo: { $in: [...ids] }, status: { $nin: ['Delivered', 'Cancelled'] } },
    { fields: ['assignedTo'] },
  );
  return new Set(held.flatMap((order) => (order.assignedTo ? [order.assignedTo.id] : [])));
}
