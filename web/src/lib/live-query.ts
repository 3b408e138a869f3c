import { mergeById } from '@kirana/shared';

/*
 * Lists of the server's data that live events keep current, in the one cache of the server's
 * data (lib/query-client): an event is laid in with `setQueryData` through `receiveInto`, and a
 * query's own answer over what is held through `layOver` (its `structuralSharing`), so that
 * neither rolls an item back to an older copy (docs/live-updates.md#merging).
 */

/** What a live list's items carry: an id, and when they last changed. */
export interface Versioned {
  _id: string;
  updatedAt: string;
}

type Order<T> = (a: T, b: T) => number;

/** Whether `next` holds the very items of `list`, in its order. */
const same = <T>(list: readonly T[], next: readonly T[]) =>
  next.length === list.length && next.every((item, index) => item === list[index]);

/**
 * `list` with `item` (a live event, an action's answer) merged in by `_id` and `updatedAt`, in
 * its place by `order`; `list` itself when it holds a copy as new.
 */
export function receiveInto<T extends Versioned>(
  list: readonly T[],
  item: T,
  order: Order<T>,
): T[] {
  const merged = mergeById([...list], item);
  return same(list, merged) ? (list as T[]) : merged.sort(order);
}

/**
 * What a list shows once `fetched` has answered, with `held` the copy shown before: each item
 * the newer of its two copies (an answer that raced a live event does not roll it back), in
 * `order`. Items held that the answer lacks stay when `keepUnfetched` (a list that never loses
 * an item: such an item came by an event newer than the answer), else they go (they are no
 * longer visible). `held` itself when nothing changed, so that screens need not render again.
 */
export function layOver<T extends Versioned>(
  held: readonly T[] | undefined,
  fetched: readonly T[],
  order: Order<T>,
  keepUnfetched: boolean,
): T[] {
  if (!held) return [...fetched].sort(order);
  const answered = new Set(fetched.map((item) => item._id));
  const kept = keepUnfetched ? held : held.filter((item) => answered.has(item._id));
  const merged = fetched.reduce((list, item) => mergeById(list, item), [...kept]);
  return same(held, merged.sort(order)) ? (held as T[]) : merged;
}
