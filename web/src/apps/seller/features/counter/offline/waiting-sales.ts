/*
 * The sales this counter made offline, waiting in IndexedDB until the server has recorded them
 * (docs/counter.md#the-till-without-a-connection): each numbered in the counter's own series,
 * kept over a reload, a crash and a restart, sent oldest first, and never dropped but by the
 * seller's word. And the counter's device, whose series numbers them.
 */
import {
  counterDeviceAnswerSchema,
  messageAnswerSchema,
  MAX_CANCELLED_REASON,
  counterSaleAnswerSchema,
  IDEMPOTENCY_KEY_HEADER,
  financialYearOf,
  MAX_OFFLINE_NUMBER,
  type CounterDevice,
  type CounterSale,
  type CounterSaleBody,
  type FlaggedProduct,
} from '@kirana/shared';
import type { IDBPDatabase } from 'idb';
import { ApiError, type ApiClient } from '../../../../../lib/api-client';
import type { CounterDb, Meta, WaitingSale } from './counter-db';
import { failureOf } from './sync-failures';

type Db = IDBPDatabase<CounterDb>;

/** Why the server refused a waiting sale: its code and its words. */
export interface Refusal {
  code: string;
  message: string;
}

/** When and where an offline sale is made: its financial year picks the number. */
export interface MadeWhen {
  madeAt: Date;
  /** The shop's time zone, whose clock the financial year follows. */
  timeZone: string;
}

/**
 * The sale kept under `number` of `device`'s series: its request and the sale it prints
 * (`sale._id` its key), as offline-sale.ts offlineSale makes them.
 */
export type MakeSale = (
  number: number,
  device: CounterDevice,
) => { body: CounterSaleBody; sale: CounterSale };

const numbersOf = (meta: Meta | undefined): Record<number, number> =>
  meta?.key === 'numbers' ? meta.lastByYear : {};

/**
 * Numbers the next sale of this counter's series in the financial year of `made.madeAt` and
 * keeps it, in one readwrite transaction over meta and waiting, so that two tabs selling at once
 * never take one number: the number after the greater of the last this counter took that year
 * and the series' last on the server when the device was last read (its `lastNumber`, for its
 * `year`). `make` (called once, within the transaction: it must not wait on anything) makes the
 * sale of that number of the device's series; it waits last in the queue. Answers the sale as kept.
 * @throws Error when no device is kept (the counter has never reached the server) or the
 * series has used its year's numbers (MAX_OFFLINE_NUMBER); a make that throws keeps nothing.
 */
export async function keepOfflineSale(
  db: Db,
  made: MadeWhen,
  make: MakeSale,
): Promise<WaitingSale> {
  const tx = db.transaction(['meta', 'waiting'], 'readwrite');
  const meta = tx.objectStore('meta');
  const waiting = tx.objectStore('waiting');
  try {
    const [device, numbers, last] = await Promise.all([
      meta.get('device'),
      meta.get('numbers'),
      waiting.index('seq').openCursor(null, 'prev'),
    ]);
    if (device?.key !== 'device')
      throw new Error(
        'This counter has no bill series yet: connect it to the store once before selling offline',
      );
    const year = financialYearOf(made.madeAt, made.timeZone);
    const lastByYear = numbersOf(numbers);
    const onServer = device.device.year === year ? device.device.lastNumber : 0;
    const number = Math.max(lastByYear[year] ?? 0, onServer) + 1;
    if (number > MAX_OFFLINE_NUMBER)
      throw new Error(
        `Counter ${device.device.series} has used its ${MAX_OFFLINE_NUMBER} bill numbers of this year: connect to sell`,
      );
    const { body, sale } = make(number, device.device);
    const kept: WaitingSale = {
      key: sale._id,
      seq: (last?.value.seq ?? 0) + 1,
      body,
      sale,
      refused: null,
    };
    await Promise.all([
      meta.put({ key: 'numbers', lastByYear: { ...lastByYear, [year]: number } }),
      waiting.add(kept),
      tx.done,
    ]);
    return kept;
  } catch (problem) {
    // Nothing of a failed keep stays: no number taken, no sale half kept.
    try {
      tx.abort();
    } catch {
      // A failed request has aborted it already.
    }
    await tx.done.catch(() => undefined);
    throw problem;
  }
}

/** The sales waiting to be sent, oldest first, refused ones too. */
export const waitingSales = (db: Db): Promise<WaitingSale[]> =>
  db.getAllFromIndex('waiting', 'seq');

/** The server has recorded the sale of `key`: it waits no more. */
export const forgetSale = (db: Db, key: string): Promise<void> => db.delete('waiting', key);

/** Changes the waiting sale of `key` (none: nothing), in one transaction. */
async function changeSale(
  db: Db,
  key: string,
  change: (sale: WaitingSale) => WaitingSale | null,
): Promise<void> {
  const tx = db.transaction('waiting', 'readwrite');
  const sale = await tx.store.get(key);
  const changed = sale && change(sale);
  if (changed) await tx.store.put(changed);
  else if (sale && changed === null) await tx.store.delete(key);
  await tx.done;
}

/** The server refused the sale of `key`, for `refusal`: it waits, with the reason, for the seller. */
export const markRefused = (db: Db, key: string, refusal: Refusal): Promise<void> =>
  changeSale(db, key, (sale) => ({ ...sale, refused: refusal }));

/** The seller sends the refused sale of `key` again (its cause mended): it waits to be sent. */
export const sendAgain = (db: Db, key: string): Promise<void> =>
  changeSale(db, key, (sale) => ({ ...sale, refused: null }));

/**
 * The seller's word to drop the refused sale of `key`: it is never sent, and the number its
 * receipt printed is cancelled on the server first (`POST /api/counter/devices/:series/cancelled`,
 * docs/gst.md#cancelled-numbers), so that the series has no gap; only once the server has
 * answered is the sale forgotten. A number the server holds as a sale's (409) or a series it does
 * not know (404) leaves no gap: the sale is forgotten too. A sale not refused is kept, as nothing
 * waiting to be sent is dropped.
 * @throws Error saying to drop it once the connection is back when the server cannot be reached
 * (or its answer passes: busy, overloaded); with the server's words when it refuses the
 * cancellation otherwise (a login needed, a clock ahead).
 */
export async function dropSale(db: Db, api: ApiClient, key: string): Promise<void> {
  const sale = await db.get('waiting', key);
  if (!sale?.refused) return;
  const { offline } = sale.body;
  if (offline) {
    const bill = sale.sale.invoice?.number ?? `${offline.device}/${offline.number}`;
    try {
      await api.post(
        `/api/counter/devices/${encodeURIComponent(offline.device)}/cancelled`,
        messageAnswerSchema,
        {
          body: {
            number: offline.number,
            madeAt: offline.madeAt,
            reason: `Dropped at the counter: ${sale.refused.message}`.slice(
              0,
              MAX_CANCELLED_REASON,
            ),
          },
        },
      );
    } catch (problem) {
      const noGap =
        problem instanceof ApiError &&
        (problem.code === 'CONFLICT' || problem.status === 404) &&
        failureOf(problem) === 'refused';
      if (!noGap) {
        if (failureOf(problem) === 'lost')
          throw new Error(
            `Bill ${bill} cannot be dropped while the store cannot be reached: its number is cancelled there first. Drop it once the connection is back`,
            { cause: problem },
          );
        throw new Error(
          `Bill ${bill} was not dropped: ${problem instanceof Error ? problem.message : String(problem)}`,
          { cause: problem },
        );
      }
    }
  }
  await changeSale(db, key, (kept) => (kept.refused ? null : kept));
}

/**
 * Sends the waiting `sale` (`POST /api/counter/sales`) under its own Idempotency-Key, as every
 * try of it is sent: answers the sale as the server recorded it (under another number than the
 * counter's when its online try had recorded it, the counter's then cancelled) and what it sold
 * past the count.
 * @throws ApiError as the sale's call does: status 0 when the server cannot be reached; 409
 * CONFLICT for a product archived since, or a number of the series taken by another sale; 404
 * NOT_FOUND for a device series the server does not know; 409 TILL_NOT_OPEN.
 */
export async function sendWaitingSale(
  api: ApiClient,
  sale: Pick<WaitingSale, 'key' | 'body'>,
): Promise<{ sale: CounterSale; flagged: FlaggedProduct[] }> {
  const answer = await api.post('/api/counter/sales', counterSaleAnswerSchema, {
    body: sale.body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: sale.key },
  });
  return { sale: answer.sale, flagged: answer.flagged ?? [] };
}

/** This counter's device as kept, or undefined before it first reached the server. */
export async function keptDevice(db: Db): Promise<CounterDevice | undefined> {
  const meta = await db.get('meta', 'device');
  return meta?.key === 'device' ? meta.device : undefined;
}

/** Takes `run` in this browser's lock of `name` where there are locks (one tab at a time). */
export async function inLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? await locks.request(name, run) : await run();
}

/**
 * This browser as a counter device, kept in meta 'device': registered once under `name`
 * (`POST /api/counter/devices`, which gives it the next free series C1, C2 …), or read again
 * (`GET /api/counter/devices/:series`) for its series' last number on the server now. A series
 * the server no longer knows (404) is registered anew, and numbers its sales from 1 again. One
 * tab at a time, so two tabs never take two series.
 * @throws ApiError as the calls do: status 0 when the server cannot be reached (the device kept
 * stays as it was); 409 when the shop has all its 999 counters.
 */
export function keepDevice(db: Db, api: ApiClient, name: string): Promise<CounterDevice> {
  return inLock('kirana-counter-device', async () => {
    const kept = await keptDevice(db);
    const device = kept ? await readDevice(api, kept.series) : null;
    const now =
      device ??
      (await api.post('/api/counter/devices', counterDeviceAnswerSchema, { body: { name } }))
        .device;
    const tx = db.transaction('meta', 'readwrite');
    await Promise.all([
      tx.store.put({ key: 'device', device: now }),
      // The numbers taken were the old series': the new one starts afresh.
      kept && kept.series !== now.series && tx.store.delete('numbers'),
      tx.done,
    ]);
    return now;
  });
}

/** The device of `series` on the server, or null when it knows no such device. */
async function readDevice(api: ApiClient, series: string): Promise<CounterDevice | null> {
  try {
    return (
      await api.get(`/api/counter/devices/${encodeURIComponent(series)}`, counterDeviceAnswerSchema)
    ).device;
  } catch (problem) {
    if (problem instanceof ApiError && problem.status === 404) return null;
    throw problem;
  }
}
