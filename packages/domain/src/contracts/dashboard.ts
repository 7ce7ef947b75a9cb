/**
 * The operator dashboard's answer (GET /core/admin/dashboard; docs/performance.md, "Operator
 * dashboard"). Amounts are decimal strings in their coin; days are UTC.
 */

/** One coin's figures for a day or a window. */
export interface DashboardPerCoin {
  coin: string;
  recharges: string;
  withdrawals: string;
  netFlow: string;
  bets: string;
  payouts: string;
  fees: string;
  houseResult: string;
}

/** One room's stakes and payouts over the window, in one coin, with its realised and configured return. */
export interface DashboardRoom {
  room: number;
  name: string;
  coin: string;
  configuredRtpBps: number;
  realisedRtpBps: number | null;
  bets: number;
  stake: string;
  payout: string;
}

export interface DashboardJob {
  name: string;
  lastRunAt: string | null;
  day: string | null;
  status: 'ok' | 'late' | 'never';
}

export interface DashboardLedgerCheck {
  at: string;
  ok: boolean;
  summary: Record<string, unknown>;
  operator: string;
  durationMs: number;
}

export interface DashboardView {
  generatedAt: string;
  timeZone: 'UTC';
  /** False when more transfers than one request folds in wait for the periodic refresh. */
  complete: boolean;
  today: DashboardPerCoin[];
  days: { date: string; coins: DashboardPerCoin[] }[];
  rooms: DashboardRoom[];
  players: { active1d: number; active30d: number; new1d: number; new30d: number };
  pendingWithdrawals: { count: number; oldestAt: string | null; byAge: { bucket: string; count: number }[] };
  jobs: DashboardJob[];
  botBacklog: { pending: number; failed: number };
  ledgerCheck: DashboardLedgerCheck | null;
}
