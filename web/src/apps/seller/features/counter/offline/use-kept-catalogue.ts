import type { Shop } from '@kirana/shared';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../../../lib/api-client';
import { counterDb } from './counter-db';
import {
  keepCatalogue,
  keepCustomer,
  keepCustomers,
  keepProduct,
  keepShop,
  keptCount,
  type KeptCount,
} from './kept-catalogue';
import { listenForKept } from './kept-live-events';

/** After a read of the catalogue or the customers failed, how long until it is tried again. */
export const KEPT_RETRY_MS = 60_000;

const notKept = (error: unknown) =>
  console.warn('The counter could not keep its catalogue for offline', error);

/**
 * What the Counter page keeps for selling without a connection (kept-catalogue.ts), called once
 * by the page: the shop as it is now (`shop`, from the shop query it holds); while `online`,
 * the catalogue and the khata customers read in the background (a read that failed tried again
 * a minute later); and the live feed's products, imports and khata customers laid in as they
 * come. Answers how many products are kept and whether the whole catalogue is, for the screen.
 */
export function useKeptCatalogue(shop: Shop | undefined, online = true): KeptCount {
  const [count, setCount] = useState<KeptCount>({ products: 0, complete: false });
  // An import told while offline renews the catalogue once the connection is back.
  const renewWanted = useRef(false);
  // The last read begun, which the next waits for (a remount, the connection back, an import).
  const lastRead = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    if (shop)
      counterDb()
        .then((db) => keepShop(db, shop))
        .catch(notKept);
  }, [shop]);

  useEffect(() => {
    let stopped = false;
    let running: AbortController | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const opened = counterDb();
    const show = (kept: KeptCount) => {
      if (!stopped) setCount(kept);
    };
    const recount = () => opened.then(keptCount).then(show).catch(notKept);

    const read = (renew: boolean) => {
      running?.abort();
      clearTimeout(retry);
      const controller = new AbortController();
      running = controller;
      const { signal } = controller;
      const onPage = (kept: KeptCount) => {
        if (!signal.aborted) show(kept);
      };
      const before = lastRead.current;
      lastRead.current = (async () => {
        // The read this one replaces lets go of the catalogue first: one pass at a time.
        await before;
        if (signal.aborted) return;
        try {
          const db = await opened;
          const [kept] = await Promise.all([
            keepCatalogue(db, api, { signal, renew, onPage }),
            renew ? undefined : keepCustomers(db, api, { signal }),
          ]);
          if (renew) renewWanted.current = false;
          show(kept);
          // Another tab is reading it (or was, and closed midway): looked at again later.
          if (!kept.complete) retry = setTimeout(() => read(renew), KEPT_RETRY_MS);
        } catch (error) {
          if (signal.aborted) return;
          notKept(error);
          retry = setTimeout(() => read(renew), KEPT_RETRY_MS);
        }
      })();
    };

    void recount();
    if (online) read(renewWanted.current);
    const stopListening = listenForKept({
      product: (product) =>
        void opened
          .then((db) => keepProduct(db, product))
          .then(recount)
          .catch(notKept),
      catalogue: () => {
        renewWanted.current = true;
        if (online) read(true);
      },
      customer: (customer) => void opened.then((db) => keepCustomer(db, customer)).catch(notKept),
    });
    return () => {
      stopped = true;
      running?.abort();
      clearTimeout(retry);
      stopListening();
    };
  }, [online]);

  return count;
}
