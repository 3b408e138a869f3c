import {
  canCancel,
  canTakeBack,
  isOpenForAgents,
  mergeById,
  type SellerOrder,
} from '@kirana/shared';

/** Newest first; orders placed in the same millisecond by id, which is time-ordered (UUIDv7). */
function newestFirst(a: SellerOrder, b: SellerOrder): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byTime !== 0) return byTime;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}

/**
 * `list` with `incoming` merged in by `_id` and `updatedAt` (a copy never replaces a newer one),
 * newest first. Returns `list` itself when nothing changed, so screens need not render again.
 * Pages, refreshes and live events all go through here, in any order.
 */
export function mergeOrders(
  list: readonly SellerOrder[],
  incoming: readonly SellerOrder[],
): readonly SellerOrder[] {
  const merged = incoming.reduce<SellerOrder[]>((held, order) => mergeById(held, order), [...list]);
  if (merged.length === list.length && merged.every((order, index) => order === list[index])) {
    return list;
  }
  return merged.sort(newestFirst);
}

/** The orders of `incoming` whose ids are not in `known`, each once, in the order given. */
export function unseenOrders(
  known: ReadonlySet<string>,
  incoming: readonly SellerOrder[],
): SellerOrder[] {
  const fresh = new Map<string, SellerOrder>();
  for (const order of incoming) {
    if (!known.has(order._id) && !fresh.has(order._id)) fresh.set(order._id, order);
  }
  return [...fresh.values()];
}

const SELLER = { role: 'seller' } as const;
const factsOf = (order: SellerOrder) => ({ ...order, assignedTo: order.assignedTo?._id ?? null });

/**
 * Whether the seller may take `order` back from its agent, by the shared order rules: an agent
 * holds it, and it is neither delivered nor cancelled.
 */
export function canTakeBackOrder(order: SellerOrder): boolean {
  return canTakeBack(factsOf(order), SELLER).ok;
}

/** Whether the seller may cancel `order`, by the shared order rules: it is not delivered yet. */
export function canCancelOrder(order: SellerOrder): boolean {
  return canCancel(factsOf(order), SELLER).ok;
}

/** Whether the seller may hand `order` to an agent: it is in the open pool, no agent holds it. */
export function canAssignOrder(order: SellerOrder): boolean {
  return isOpenForAgents(factsOf(order));
}
