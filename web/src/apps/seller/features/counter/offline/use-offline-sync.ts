/*
 * The sync of sales made offline (sync-reducer.ts) joined to the counter's database, the sale's
 * call and the connection (docs/counter.md#the-till-without-a-connection): the queue read at
 * start, each sale kept as it is made, sent oldest first under its key by one tab at a time, a
 * probe that finds the server again, the other tabs told of each change (BroadcastChannel), and
 * the desktop app told of it all.
 */
import { formatQuantity, type CounterDevice, type FlaggedProduct } from '@kirana/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { IDBPDatabase } from 'idb';
import { useEffect, useRef, useState } from 'react';
import { ApiError, isUnreachable } from '../../../../../lib/api-client';
import { apiOf } from '../../../../../lib/query-client';
import { toast } from '../../../../../lib/toast';
import { refreshTill } from '../queries';
import { reachesServer } from './connection';
import { counterDb, type CounterDb, type WaitingSale } from './counter-db';
import { failureOf } from './sync-failures';
import {
  startingSync,
  syncReducer,
  type SyncEvent,
  type SyncNotice,
  type SyncSale,
} from './sync-reducer';
import {
  dropSale,
  forgetSale,
  inLock,
  keepDevice,
  keepOfflineSale,
  keptDevice,
  markRefused,
  sendAgain as clearRefusal,
  sendWaitingSale,
  waitingSales,
  type MadeWhen,
  type MakeSale,
  type Refusal,
} from './waiting-sales';

/** How often the server is asked again while it cannot be reached. */
const PROBE_EVERY_MS = 5000;

/** The channel the counter's tabs tell each other on that the waiting sales changed. */
const TABS_CHANNEL = 'kirana-counter';

const syncSales = (sales: readonly WaitingSale[]): SyncSale[] =>
  sales.map(({ key, refused }) => ({ key, refused }));

/** What the server's refusal of a waiting sale says, for the seller and the list. */
const refusalOf = (problem: unknown): Refusal =>
  problem instanceof ApiError
    ? { code: problem.code ?? `HTTP ${problem.status}`, message: problem.message }
    : { code: 'FAILED', message: problem instanceof Error ? problem.message : String(problem) };

const browserOnline = () => globalThis.navigator?.onLine ?? true;

export interface OfflineSync {
  /** Whether the server can be reached, as last found. */
  online: boolean;
  /** The sales waiting to be sent, oldest first, refused ones with their reason. */
  waiting: WaitingSale[];
  /** The key of the sale being sent, or null. */
  sending: string | null;
  /** This counter's device, whose series numbers its offline sales; null before it has one. */
  device: CounterDevice | null;
  /**
   * Keeps the sale `make` makes under the next number of this counter's series (made when and
   * where `made` says), to be sent when the server can be reached.
   * @throws Error as keepOfflineSale does: no series yet, the year's numbers used, or `make`'s.
   */
  keep: (made: MadeWhen, make: MakeSale) => Promise<WaitingSale>;
  /** The seller's word to send the refused sale of `key` again. */
  sendAgain: (key: string) => Promise<void>;
  /**
   * The seller's word to drop the refused sale of `key`: its number is cancelled on the server,
   * then it is forgotten, never sent.
   * @throws Error as dropSale does, saying what to do: the server unreached (drop it once the
   * connection is back), or its refusal; the sale stays.
   */
  drop: (key: string) => Promise<void>;
  /** The till found the server unreached (connection.ts isUnreachable): sell offline. */
  wentOffline: () => void;
}

/**
 * The counter's sync of sales made offline. `counterName` names this browser as a counter when
 * it first registers its series; `database` is the counter's database (a test's own).
 */
export function useOfflineSync({
  counterName = 'Counter',
  database = counterDb,
}: {
  counterName?: string;
  database?: () => Promise<IDBPDatabase<CounterDb>>;
} = {}): OfflineSync {
  const client = useQueryClient();
  const [sync, setSync] = useState(() => startingSync(browserOnline()));
  // Events come between renders (answers, probes, tabs): each reduces the latest state.
  const current = useRef(sync);
  const [kept, setKept] = useState<ReadonlyMap<string, WaitingSale>>(new Map());
  const keptNow = useRef(kept);
  const keepShown = (sales: ReadonlyMap<string, WaitingSale>) => {
    keptNow.current = sales;
    setKept(sales);
  };
  const [device, setDevice] = useState<CounterDevice | null>(null);
  const tabs = useRef<BroadcastChannel | null>(null);
  // Sales kept in this tab: a read that one overtook is read again.
  const keeps = useRef(0);
  /** Tells the other tabs that the waiting sales changed: they read them again. */
  const tellTabs = () => tabs.current?.postMessage('waiting changed');

  const dispatch = (event: SyncEvent) => {
    const before = current.current;
    const after = syncReducer(before, event);
    if (after === before) return;
    current.current = after;
    setSync(after);
    if (after.notice) void tell(after.notice);
    if (after.sendNext && after.sendNext !== before.sendNext) void send(after.sendNext);
  };

  /** The sales waiting as the database holds them; `load`: the sync reads them too. */
  const showKept = (sales: readonly WaitingSale[], load = false) => {
    keepShown(new Map(sales.map((sale) => [sale.key, sale])));
    if (load) dispatch({ type: 'loaded', sales: syncSales(sales) });
  };
  const readKept = async (load = false) => showKept(await waitingSales(await database()), load);
  /** Another tab changed the waiting sales: the database says which wait now. */
  const readAgain = async (): Promise<void> => {
    const before = keeps.current;
    const sales = await waitingSales(await database());
    if (keeps.current !== before) return readAgain();
    showKept(sales);
    dispatch({ type: 'read again', sales: syncSales(sales) });
  };

  /** What sending the sale of `key` came to, in this browser's one sending tab. */
  const sendInLock = (key: string): Promise<SyncEvent> =>
    inLock('kirana-counter-sync', async () => {
      const db = await database();
      const sale = await db.get('waiting', key);
      // Another tab sent it meanwhile: recorded, or refused and waiting for the seller.
      if (!sale) return { type: 'answered', key, flagged: [] };
      if (sale.refused) return { type: 'refused', key, refusal: sale.refused };
      try {
        const answer = await sendWaitingSale(apiOf(client), sale);
        await forgetSale(db, key);
        const printed = sale.sale.invoice?.number;
        const recorded = answer.sale.invoice?.number;
        // Its key is the bill's own: the bill's try made online, whose answer was lost as the
        // connection dropped, recorded it under the shop's series, and the server cancelled this
        // counter's number (docs/counter.md#the-till-without-a-connection).
        if (printed && recorded && recorded !== printed)
          toast.warning(
            `Bill ${printed} had been recorded already, as ${recorded}: ${printed} is cancelled`,
          );
        return { type: 'answered', key, flagged: answer.flagged };
      } catch (problem) {
        const failure = failureOf(problem);
        if (failure !== 'refused')
          return { type: 'lost', key, signedOut: failure === 'signed out' };
        const refusal = refusalOf(problem);
        await markRefused(db, key, refusal);
        return { type: 'refused', key, refusal };
      }
    });

  const send = async (key: string) => {
    dispatch({ type: 'send started', key });
    let event: SyncEvent;
    try {
      event = await sendInLock(key);
    } catch (problem) {
      // The database failed under it: kept as it is, tried again once the probe finds the server.
      console.warn('A waiting sale could not be sent', problem);
      event = { type: 'lost', key };
    }
    if (event.type === 'answered') void refreshTill(client);
    dispatch(event);
    await readKept();
    if (event.type === 'answered' || event.type === 'refused') tellTabs();
  };

  /** Says once what the sync came to: a refusal, or what a recorded sale sold past the count. */
  const tell = async (notice: SyncNotice) => {
    if (notice.kind === 'signed out') {
      toast.error('Log in again to send the bills kept on this counter: they wait until then');
      return;
    }
    if (notice.kind === 'refused') {
      const number = keptNow.current.get(notice.key)?.sale.invoice?.number;
      const bill = number === undefined ? 'A bill made offline' : `Bill ${number}`;
      toast.error(`${bill} was not recorded: ${notice.refusal.message}`);
      return;
    }
    const db = await database();
    for (const flagged of notice.flagged) toast.warning(await flaggedText(db, flagged));
  };

  /** The server answers again: the queue read afresh (another tab may have kept sales), then sent. */
  const probe = async () => {
    if (!(await reachesServer(apiOf(client)))) return;
    await readKept(true);
    dispatch({ type: 'connection back' });
    keepDeviceFresh();
  };

  /** This counter's device read again (registered the first time); unreached, it sells offline. */
  const keepDeviceFresh = () => {
    void database()
      .then((db) => keepDevice(db, apiOf(client), counterName))
      .then(setDevice, (problem: unknown) => {
        if (isUnreachable(problem)) dispatch({ type: 'connection lost' });
      });
  };

  useEffect(() => {
    void database()
      .then(keptDevice)
      .then((known) => known && setDevice(known));
    void database()
      .then(waitingSales)
      .then((sales) => showKept(sales, true));
    if (current.current.online) keepDeviceFresh();
    const onOffline = () => dispatch({ type: 'connection lost' });
    window.addEventListener('offline', onOffline);
    const channel = 'BroadcastChannel' in globalThis ? new BroadcastChannel(TABS_CHANNEL) : null;
    if (channel) channel.onmessage = () => void readAgain();
    tabs.current = channel;
    return () => {
      window.removeEventListener('offline', onOffline);
      channel?.close();
      tabs.current = null;
    };
    // Once, at start: the handlers read the latest state through `current`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (sync.online) return;
    const onOnline = () => void probe();
    const timer = setInterval(onOnline, PROBE_EVERY_MS);
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sync.online]);

  const waitingCount = sync.waiting.length;
  useEffect(() => {
    // The desktop app's tray says it.
    void window.kirana?.counterConnection?.({ offline: !sync.online, waiting: waitingCount });
  }, [sync.online, waitingCount]);

  return {
    online: sync.online,
    waiting: sync.waiting.flatMap(({ key, refused }) => {
      const sale = kept.get(key);
      return sale ? [{ ...sale, refused }] : [];
    }),
    sending: sync.sending,
    device,
    keep: async (made, make) => {
      const sale = await keepOfflineSale(await database(), made, make);
      keeps.current += 1;
      keepShown(new Map(keptNow.current).set(sale.key, sale));
      dispatch({ type: 'kept', key: sale.key });
      tellTabs();
      return sale;
    },
    sendAgain: async (key) => {
      await clearRefusal(await database(), key);
      await readKept();
      dispatch({ type: 'send again', key });
      tellTabs();
    },
    drop: async (key) => {
      await dropSale(await database(), apiOf(client), key);
      await readKept();
      dispatch({ type: 'dropped', key });
      tellTabs();
    },
    wentOffline: () => dispatch({ type: 'connection lost' }),
  };
}

/** "Tea: sold 2 more than the count — count the shelf" (a loose product's in its grams). */
async function flaggedText(
  db: IDBPDatabase<CounterDb>,
  { product, name, pastCount }: FlaggedProduct,
): Promise<string> {
  const unit = (await db.get('products', product))?.product.unit ?? 'piece';
  return `${name}: sold ${formatQuantity(pastCount, unit)} more than the count — count the shelf`;
}
