/**
 * Counter devices (docs/counter.md#the-till-without-a-connection): each browser profile of the
 * till registers once and takes a bill series of its own, C1, C2 …, for the sales it makes
 * offline, so that numbers made on two counters never meet. Written with Kysely.
 */
import { financialYearOf, type CounterCancelledBody } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import { readShop } from '../shop/shop.service.js';
import type { GstTables } from '../gst/gst.entity.js';
import { cancelNumber, type CancelledNumber } from '../gst/tax-documents.js';
import type { CounterTables } from './counter.entity.js';
import { cancelledAtOf } from './counter-offline.js';

/** The most counters a shop registers: C1 to C999. */
const MOST_DEVICES = 999;

/** A counter device, and the last number of its series on the server in financial year `year`. */
export interface DeviceRecord {
  series: string;
  name: string;
  year: number;
  lastNumber: number;
}

/**
 * Registers a counter device named `name` with the first series no counter has (C1, C2 …), one
 * registration at a time.
 * @throws AppError CONFLICT when all 999 series are taken.
 */
export async function registerDevice(em: EntityManager, name: string): Promise<DeviceRecord> {
  const series = await em.transactional(async (tx) => {
    const db = tx.getKysely<CounterTables>();
    // Two counters registering at once would pick the same first free series: one waits here.
    await sql`lock table counter_devices in exclusive mode`.execute(db);
    const taken = new Set(
      (await db.selectFrom('counter_devices').select('series').execute()).map((row) => row.series),
    );
    const free = Array.from({ length: MOST_DEVICES }, (_, index) => `C${index + 1}`).find(
      (series) => !taken.has(series),
    );
    if (!free)
      throw new AppError(
        'CONFLICT',
        `The shop has ${MOST_DEVICES} counters registered, the most it can: none is left for this one`,
      );
    await db
      .insertInto('counter_devices')
      .values({ series: free, name, created_at: new Date() })
      .execute();
    return free;
  });
  return deviceBySeries(em, series);
}

/**
 * Counter device `series`, with the last number its series has in the financial year now on the
 * shop's clock (0 when none yet).
 * @throws AppError NOT_FOUND when no counter has the series.
 */
export async function deviceBySeries(em: EntityManager, series: string): Promise<DeviceRecord> {
  const db = em.getKysely<CounterTables & GstTables>();
  const year = financialYearOf(new Date(), (await readShop(em)).timeZone);
  const device = await db
    .selectFrom('counter_devices as d')
    .leftJoin('document_series as n', (join) =>
      join.onRef('n.series', '=', 'd.series').on('n.year', '=', year),
    )
    .select(['d.series', 'd.name', 'n.last_number'])
    .where('d.series', '=', series)
    .executeTakeFirst();
  if (!device) throw new AppError('NOT_FOUND', `No counter has the series ${series}`);
  return { series: device.series, name: device.name, year, lastNumber: device.last_number ?? 0 };
}

/**
 * Cancels number `cancel.number` of counter device `series` in the financial year of
 * `cancel.madeAt` (docs/gst.md#cancelled-numbers): a bill the counter numbered that will never be
 * a sale, which the seller dropped. A number cancelled already answers as it was cancelled.
 * @throws AppError NOT_FOUND when no counter has the series; INVALID naming `madeAt` when it is
 * more than 5 minutes ahead of the server's clock; CONFLICT when the number is a sale's.
 */
export async function cancelDeviceNumber(
  em: EntityManager,
  series: string,
  cancel: CounterCancelledBody,
): Promise<CancelledNumber> {
  const at = cancelledAtOf(cancel.madeAt, new Date(), 'madeAt');
  return em.transactional(async (tx) => {
    const device = await tx
      .getKysely<CounterTables>()
      .selectFrom('counter_devices')
      .select('series')
      .where('series', '=', series)
      .forShare()
      .executeTakeFirst();
    if (!device) throw new AppError('NOT_FOUND', `No counter has the series ${series}`);
    return cancelNumber(tx, await readShop(tx), {
      series,
      number: cancel.number,
      at,
      reason: cancel.reason,
    });
  });
}
