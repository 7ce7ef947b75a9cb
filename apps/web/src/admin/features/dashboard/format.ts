import type { Dashboard, PerCoin } from './api';

/** A decimal string of the API ("-12.30") in minor units (hundredths). */
export function toMinor(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return 0n;
  const minor = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0') || '0');
  return match[1] ? -minor : minor;
}

/** Minor units as the API writes them: "1234.50", "-0.05". */
export function fromMinor(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

const FIELDS = ['recharges', 'withdrawals', 'netFlow', 'bets', 'payouts', 'fees', 'houseResult'] as const;

/** One coin's figures added up over every day of the window (exactly, in minor units). */
export function windowTotals(days: Dashboard['days'], coin: string): PerCoin {
  const totals = Object.fromEntries(FIELDS.map((field) => [field, 0n])) as Record<(typeof FIELDS)[number], bigint>;
  for (const day of days) {
    const figures = day.coins.find((c) => c.coin === coin);
    if (!figures) continue;
    for (const field of FIELDS) totals[field] += toMinor(figures[field]);
  }
  return { coin, ...(Object.fromEntries(FIELDS.map((field) => [field, fromMinor(totals[field])])) as Omit<PerCoin, 'coin'>) };
}

/** One figure of one coin per day, as numbers for a chart (major units), oldest first. */
export function dailySeries(days: Dashboard['days'], coin: string, field: keyof Omit<PerCoin, 'coin'>): { date: string; value: number }[] {
  return days.map((day) => {
    const figures = day.coins.find((c) => c.coin === coin);
    return { date: day.date, value: figures ? Number(toMinor(figures[field])) / 100 : 0 };
  });
}

/** Basis points as a percentage with two decimals ("98.00%"), or a dash when there is nothing to show. */
export function percentOfBps(bps: number | null): string {
  return bps === null ? '—' : `${(bps / 100).toFixed(2)}%`;
}

/** How far the realised return is from the configured one, in percentage points with a sign ("+1.25 pp"). */
export function rtpGap(realised: number | null, configured: number): string {
  if (realised === null) return '—';
  const gap = (realised - configured) / 100;
  return `${gap > 0 ? '+' : ''}${gap.toFixed(2)} pp`;
}

/** The coins the dashboard has figures for, in its order. */
export function coinsOf(dashboard: Pick<Dashboard, 'today'>): string[] {
  return dashboard.today.map((c) => c.coin);
}

/** "3 h ago", "2 d ago", "just now": how old an instant is at `now`. */
export function ago(iso: string | null, now: Date): string {
  if (!iso) return 'never';
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return `${Math.floor(minutes / 1440)} d ago`;
}
