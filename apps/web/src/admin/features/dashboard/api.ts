import type { DashboardJob, DashboardLedgerCheck, DashboardPerCoin, DashboardRoom, DashboardView } from '@prism/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/api';

export type PerCoin = DashboardPerCoin;
export type RoomFigures = DashboardRoom;
export type JobStatus = DashboardJob;
export type LedgerCheck = DashboardLedgerCheck;
/** GET /core/admin/dashboard (docs/performance.md, "Operator dashboard"). Days are UTC. */
export type Dashboard = DashboardView;

export const fetchDashboard = (days: number) => adminApi.get<Dashboard>('dashboard', { days });

export const dashboardQueryOptions = (days: number) =>
  queryOptions({ queryKey: ['admin', 'dashboard', days], queryFn: () => fetchDashboard(days), refetchInterval: 60_000 });

/** The dashboard of the last `days` UTC days, refreshed every minute. */
export const useDashboard = (days: number) => useQuery(dashboardQueryOptions(days));

/** Runs the ledger check now (ledger.check); the dashboard then shows its result. */
export function useRunLedgerCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminApi.post<{ check: LedgerCheck }>('ledger/check/run', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  });
}
