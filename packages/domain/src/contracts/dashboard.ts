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

/** A streaming replica serving lag-tolerant reads (DATABASE_REPLICA_URLS), as the core process answering sees it. */
export interface DashboardReplica {
  /** host:port, without credentials. */
  name: string;
  /** Serving reads; otherwise skipped (down, or further behind than the bound) and its reads go to the primary. */
  healthy: boolean;
  lagMs: number | null;
  lagBytes: number | null;
  checkedAt: string;
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
  /** The read replicas and their lag; absent or empty: every read is on the primary. */
  replicas?: DashboardReplica[];
}
