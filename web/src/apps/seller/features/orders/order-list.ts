import {
  canCancel,
  canTakeBack,
  isOpenForAgents,
  mergeById,
  type SellerOrder,
  type SellerOrdersAnswer,
} from '@kirana/shared';
import type { InfiniteData } from '@tanstack/react-query';

/** The seller's orders as the query cache holds them: the pages loaded, by page number. */
export type SellerOrderPages = InfiniteData<SellerOrdersAnswer, number>;

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

/** Every order of the pages held, each once, newest first. */
export function ordersOf(pages: SellerOrderPages | undefined): readonly SellerOrder[] {
  return pages
    ? mergeOrders(
        [],
        pages.pages.flatMap((page) => page.orders),
      )
    : [];
}

/**
 * The pages to hold once `fetched` has answered (a refresh of the pages loaded, or one more
 * page), with `held` the pages shown before: each order the newer of its two copies, each once
 * (pages of an offset shift under new orders), and an order held that the answer lacks kept (it
 * came by a live event newer than the answer, or slid onto a page not loaded). Orders that enter
 * the pages loaded before go to `announce` (new to the seller), not those of a further page
 * ('Load more' brings older orders) nor those of a first load.
 */
export function layOverPages(
  held: SellerOrderPages | undefined,
  fetched: SellerOrderPages,
  announce: (orders: SellerOrder[]) => void,
): SellerOrderPages {
  if (!held) return fetched;
  const heldOrders = new Map(
    held.pages.flatMap((page) => page.orders).map((order) => [order._id, order]),
  );
  const placed = new Set<string>();
  const entering: SellerOrder[] = [];
  const pages = fetched.pages.map((page, index) => {
    const orders: SellerOrder[] = [];
    for (const order of page.orders) {
      if (placed.has(order._id)) continue;
      placed.add(order._id);
      const copy = heldOrders.get(order._id);
      if (!copy && index < held.pages.length) entering.push(order);
      orders.push(copy ? (mergeById([copy], order)[0] ?? order) : order);
    }
    return { ...page, orders };
  });
  const kept = [...heldOrders.values()].filter((order) => !placed.has(order._id));
  const [first, ...rest] = pages;
  if (entering.length > 0) announce(entering);
  if (!first) return fetched;
  return {
    pages: [{ ...first, orders: [...mergeOrders(first.orders, kept)] }, ...rest],
    pageParams: fetched.pageParams,
  };
}

/**
 * Whether `order` falls within the pages loaded, so that not holding it means it is new to the
 * seller rather than an older order, on a page not loaded, changing.
 */
function withinLoadedPages(held: SellerOrderPages, order: SellerOrder): boolean {
  const oldest = ordersOf(held).at(-1);
  return (
    !held.pages.at(-1)?.hasMore ||
    oldest === undefined ||
    Date.parse(order.createdAt) >= Date.parse(oldest.createdAt)
  );
}

/**
 * `held` with `order` (a live event, an action's answer) laid in: over its copy when newer, else
 * at the front when `placed` (a new order) or within the pages loaded (an order new to the
 * seller, such as an online order once paid); an older order not held is left to 'Load more'.
 * `held` itself when nothing changes.
 */
export function withOrder(
  held: SellerOrderPages,
  order: SellerOrder,
  placed: boolean,
): SellerOrderPages {
  const holding = held.pages.findIndex((page) =>
    page.orders.some((candidate) => candidate._id === order._id),
  );
  if (holding === -1 && !placed && !withinLoadedPages(held, order)) return held;
  const index = Math.max(holding, 0);
  const page = held.pages[index];
  if (!page) return held;
  const orders = mergeOrders(page.orders, [order]);
  if (orders === page.orders) return held;
  return { ...held, pages: held.pages.with(index, { ...page, orders: [...orders] }) };
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
