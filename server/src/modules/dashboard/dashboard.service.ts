import { dashboardRangeIssue, dayIn, type DashboardQuery } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import { toCollect } from '../khata/khata-reads.js';
import { readShop, UNKNOWN_TIME_ZONE } from '../shop/shop.service.js';
import {
  dashboardFigures,
  type DashboardDays,
  type DashboardFigures,
} from './dashboard-queries.js';

/** What the khata's customers owe now, in paise, and how many of them owe. */
export type KhataFigures = Awaited<ReturnType<typeof toCollect>>;

/**
 * The seller's dashboard over the days `query` names, in the shop's time zone: without `to`, up
 * to the shop's today at `now`; without `from`, the day `to` alone.
 * @throws AppError INVALID for `from` after `to`, or a range of more than MAX_DASHBOARD_DAYS;
 * CONFLICT for a shop's time zone that no clock here knows.
 */
export async function readDashboard(
  em: EntityManager,
  query: DashboardQuery,
  now = new Date(),
): Promise<{ days: DashboardDays; figures: DashboardFigures; khata: KhataFigures }> {
  const { timeZone } = await readShop(em);
  const zone = clockZone(timeZone);
  const to = query.to ?? dayIn(now, zone);
  const from = query.from ?? to;
  const issue = dashboardRangeIssue(from, to);
  if (issue) throw new AppError('INVALID', issue);
  const days = { from, to, timeZone };
  try {
    const figures = await dashboardFigures(em, { ...days, timeZone: zone });
    return { days, figures, khata: await toCollect(em) };
  } catch (error) {
    if ((error as { code?: string }).code === UNKNOWN_TIME_ZONE) throw unknownZone(timeZone);
    throw error;
  }
}

/**
 * The zone the database counts the shop's days in: the one Intl reads the shop's as (by its
 * canonical name), so that they are the days of the shop's clock everywhere else, even for a zone
 * saved before saving checked it against the database: IST, which PostgreSQL alone reads as
 * Israel's, or US/Pacific-New, which it does not know.
 * @throws AppError CONFLICT when Intl does not know it either.
 */
function clockZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw unknownZone(timeZone);
  }
}

const unknownZone = (timeZone: string) =>
  new AppError(
    'CONFLICT',
    `The shop's time zone ${timeZone} is not one the dashboard can count days in: choose another in the shop's settings`,
  );
