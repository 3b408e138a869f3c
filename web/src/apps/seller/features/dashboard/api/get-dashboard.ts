import { dashboardAnswerSchema, type Dashboard } from '@kirana/shared';
import type { ApiClient } from '../../../../../lib/api-client';

/** The days a dashboard covers, inclusive, as YYYY-MM-DD in the shop's time zone. */
export interface DashboardRange {
  from: string;
  to: string;
}

/** `GET /api/dashboard?from=&to=` (seller): how the shop did over those days. */
export async function getDashboard(
  api: ApiClient,
  { from, to }: DashboardRange,
  signal?: AbortSignal,
): Promise<Dashboard> {
  const query = new URLSearchParams({ from, to });
  return (await api.get(`/api/dashboard?${query}`, dashboardAnswerSchema, { signal })).dashboard;
}
