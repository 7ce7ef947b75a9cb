import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/api';

/** One coin's figures for a day or a window (decimal strings in the coin). */
export interface PerCoin {
  coin: string;
  recharges: string;
  withdrawals: string;
  netFlow: string;
  bets: string;
  payouts: string;
  fees: string;
  houseResult: string;
}

export interface RoomFigures {
  room: number;
  name: string;
  coin: string;
  configuredRtpBps: number;
  realisedRtpBps: number | null;
  bets: number;
  stake: string;
  payout: string;
}

export interface JobStatus {
  name: string;
  lastRunAt: string | null;
  day: string | null;
  status: 'ok' | 'late' | 'never';
}

export interface LedgerCheck {
  at: string;
  ok: boolean;
  summary: Record<string, unknown>;
  operator: string;
  durationMs: number;
}

/** GET /core/admin/dashboard (docs/performance.md, "Operator dashboard"). Days are UTC. */
export interface Dashboard {
  generatedAt: string;
  timeZone: string;
  complete: boolean;
  today: PerCoin[];
  days: { date: string; coins: PerCoin[] }[];
  rooms: RoomFigures[];
  players: { active1d: number; active30d: number; new1d: number; new30d: number };
  pendingWithdrawals: { count: number; oldestAt: string | null; byAge: { bucket: string; count: number }[] };
  jobs: JobStatus[];
  botBacklog: { pending: number; failed: number };
  ledgerCheck: LedgerCheck | null;
}

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
