import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiOf } from '../../../../lib/query-client';
import { getDashboard, type DashboardRange } from './api/get-dashboard';

/** How often the dashboard asks again while shown. */
const DASHBOARD_REFRESH_MS = 60_000;

export const dashboardQueries = {
  /** How the shop did over `range`, asked again each minute while shown (orders keep coming). */
  dashboard: (range: DashboardRange) =>
    queryOptions({
      queryKey: ['seller', 'dashboard', range.from, range.to],
      queryFn: ({ client, signal }) => getDashboard(apiOf(client), range, signal),
      staleTime: 0,
      refetchInterval: DASHBOARD_REFRESH_MS,
      placeholderData: keepPreviousData,
    }),
};

/** The dashboard on screen asked again now (e.g. its "to collect" once a khata moved). */
export const refreshDashboard = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: ['seller', 'dashboard'] });
