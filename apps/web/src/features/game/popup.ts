import { formatMoney, type GameBetRecord, type GameSessionResult, type Money, parseMoney } from '@prism/domain';

/**
 * The result popup (specification point 4): shown when the latest session of
 * the room has the user's bets and its id differs from the last one the user
 * acknowledged. It waits until the session is finished (settled or void) and
 * the user's bets on it are no longer PENDING, so it always shows the outcome.
 */
export interface CoinTotals {
  coin: string;
  staked: string;
  income: string;
  profit: string;
}

export interface ResultPopup {
  session: GameSessionResult;
  bets: GameBetRecord[];
  /** Per coin: what was staked, paid back and won or lost. */
  totals: CoinTotals[];
  /** win: at least one bet paid; draw: the session was void and every stake refunded; lose otherwise. */
  outcome: 'win' | 'lose' | 'draw';
}

const minor = (text: string): Money => {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const parsed = parseMoney(negative ? trimmed.slice(1) : trimmed);
  const value = parsed.ok ? parsed.value : 0n;
  return negative ? -value : value;
};

export function resultPopupOf(
  latest: GameSessionResult | undefined,
  records: readonly GameBetRecord[],
  acknowledgedId: number | null,
): ResultPopup | undefined {
  if (!latest || latest.id === acknowledgedId) return undefined;
  if (latest.status !== 'settled' && latest.status !== 'void') return undefined;
  const bets = records.filter((bet) => bet.gameSessionId === latest.id);
  if (bets.length === 0 || bets.some((bet) => bet.status === 'PENDING')) return undefined;
  const byCoin = new Map<string, { staked: Money; income: Money; profit: Money }>();
  for (const bet of bets) {
    const sum = byCoin.get(bet.coin) ?? { staked: 0n, income: 0n, profit: 0n };
    sum.staked += minor(bet.totalBetAmount);
    sum.income += minor(bet.incomeAmount);
    sum.profit += minor(bet.profit);
    byCoin.set(bet.coin, sum);
  }
  const totals = [...byCoin].map(([coin, sum]) => ({
    coin,
    staked: formatMoney(sum.staked),
    income: formatMoney(sum.income),
    profit: formatMoney(sum.profit),
  }));
  const outcome = bets.some((bet) => bet.status === 'WIN') ? 'win' : bets.every((bet) => bet.status === 'DRAW') ? 'draw' : 'lose';
  return { session: latest, bets, totals, outcome };
}
