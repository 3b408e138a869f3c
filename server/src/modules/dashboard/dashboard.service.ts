import { dashboardRangeIssue, dayIn, type DashboardQuery } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import { readShop } from '../shop/shop.service.js';
import {
  dashboardFigures,
  type DashboardDays,
  type DashboardFigures,
} from './dashboard-queries.js';

/**
 * The seller's dashboard over the days `query` names, in the shop's time zone: without `to`, up
 * to the shop's today at `now`; without `from`, the day `to` alone.
 * @throws AppError INVALID for `from` after `to`, or a range of more than MAX_DASHBOARD_DAYS.
 */
export async function readDashboard(
  em: EntityManager,
  query: DashboardQuery,
  now = new Date(),
): Promise<{ days: DashboardDays; figures: DashboardFigures }> {
  const { timeZone } = await readShop(em);
  const to = query.to ?? dayIn(now, timeZone);
  const from = query.from ?? to;
  const issue = dashboardRangeIssue(from, to);
  if (issue) throw new AppError('INVALID', issue);
  const days = { from, to, timeZone };
  return { days, figures: await dashboardFigures(em, days) };
}
