import { mergeById } from '@kirana/shared';
import { atom, type Getter, type Setter, type WritableAtom } from 'jotai';
import { atomWithRefresh } from 'jotai/utils';

interface Versioned {
  _id: string;
  updatedAt: string;
}

export interface LiveListOptions<T extends Versioned> {
  /**
   * Fetches the whole list. What it reads through `get` (e.g. who is logged in) it depends on:
   * a change fetches the list afresh.
   */
  fetch: (get: Getter, signal?: AbortSignal) => Promise<T[]>;
  /** Reports a failed fetch that screens were waiting for (they then show their error state). */
  onFailure: (error: unknown) => void;
  /** The list's order, by which an item not held yet takes its place. */
  order: (a: T, b: T) => number;
  /** Whether a received item belongs to the list as it is now, e.g. an order of who is logged in. */
  belongs?: (get: Getter, item: T) => boolean;
}

export interface LiveList<T> {
  /**
   * The list as the page arrived with it (the server rendered it), taken instead of the first
   * fetch; the next fetch (a retry, a catch-up) asks the server again.
   */
  seed: WritableAtom<null, [items: T[]], void>;
  /**
   * The list. Screens suspend until its first fetch has answered, then follow every change
   * without suspending again. Writing it (no arguments) fetches it afresh: a retry after a
   * failure.
   */
  list: WritableAtom<T[] | Promise<T[]>, [], void>;
  /** A changed or new item (a live event), merged in by `_id` and `updatedAt`. */
  receive: WritableAtom<null, [item: T], void>;
  /**
   * Catches up after the live stream was down. A list on screen is fetched again in the
   * background, still shown meanwhile (a failure is only logged: the next poll tries again);
   * any other is fetched afresh when next read.
   */
  refresh: WritableAtom<null, [], Promise<void>>;
}

/** `fetched` with the newer copies merged in by `_id` and `updatedAt`; itself when none is newer. */
function withNewer<T extends Versioned>(
  fetched: T[],
  newer: readonly T[],
  order: (a: T, b: T) => number,
): T[] {
  const merged = newer.reduce((items, item) => mergeById(items, item), fetched);
  return merged === fetched ? fetched : merged.sort(order);
}

/**
 * The atoms of a list that screens read with Suspense and live events keep current, such as the
 * storefront's catalogue. Events and refetches never go through the suspending fetch: they are
 * kept as newer copies laid over its answer, so the screens do not fall back to their loading
 * state whenever something changes. Made for lists that never lose an item (products, a
 * shopper's orders): a copy stays in the list even when a later fetch no longer has it.
 */
export function liveList<T extends Versioned>({
  fetch,
  onFailure,
  order,
  belongs = () => true,
}: LiveListOptions<T>): LiveList<T> {
  // What each fetch answered, by its promise: once it is known, the list is read synchronously.
  const answers = new WeakMap<Promise<T[]>, T[]>();
  const seedAtom = atom<T[] | null>(null);
  const fetchedAtom = atomWithRefresh((get, { signal }) => {
    const seeded = get(seedAtom);
    if (seeded) {
      const answer = Promise.resolve(seeded);
      answers.set(answer, seeded);
      return answer;
    }
    const answer: Promise<T[]> = fetch(get, signal).then(
      (items) => {
        answers.set(answer, items);
        return items;
      },
      (error: unknown) => {
        if (!signal.aborted) onFailure(error);
        throw error;
      },
    );
    return answer;
  });
  /** Copies that came after the fetch: live events and background refetches. */
  const newerAtom = atom<T[]>([]);
  /** True while a screen reads the list: jotai mounts it along with the list. */
  const shownAtom = atom(false);
  shownAtom.onMount = (setShown) => {
    setShown(true);
    return () => setShown(false);
  };

  const list = atom(
    (get): T[] | Promise<T[]> => {
      get(shownAtom);
      const current = (fetched: T[]) =>
        withNewer(
          fetched,
          get(newerAtom).filter((item) => belongs(get, item)),
          order,
        );
      const answer = get(fetchedAtom);
      const fetched = answers.get(answer);
      return fetched ? current(fetched) : answer.then(current);
    },
    (get, set) => fetchAgain(get, set),
  );

  const receive = atom(null, (get, set, item: T) => {
    set(newerAtom, mergeById(get(newerAtom), item));
  });

  /** The next read fetches the list from the server, whether it was fetched or seeded. */
  const fetchAgain = (get: Getter, set: Setter) => {
    if (get(seedAtom)) set(seedAtom, null);
    else set(fetchedAtom);
  };

  const seed = atom(null, (_get, set, items: T[]) => set(seedAtom, items));

  const refresh = atom(null, async (get, set) => {
    if (!get(shownAtom)) {
      fetchAgain(get, set);
      return;
    }
    try {
      const items = await fetch(get);
      set(
        newerAtom,
        items.reduce((newer, item) => mergeById(newer, item), get(newerAtom)),
      );
    } catch (error) {
      console.warn('Could not refresh a list; it stays as shown', error);
    }
  });

  return { seed, list, receive, refresh };
}
