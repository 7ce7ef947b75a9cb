import { type DashboardPerCoin, formatMoney } from '@prism/domain';

/** The sums of one coin (over a day or a window), by aggregate kind (a transfer type, or '~house'), in minor units. */
export type KindSums = ReadonlyMap<string, bigint>;

/** One coin's figures as the dashboard shows them: decimal strings in the coin. */
export type PerCoin = DashboardPerCoin;

/** The transfer types whose money is a fee the platform charged: the game's, a withdrawal's, power's management fee. */
export const FEE_KINDS = ['fee', 'withdraw_fee', 'power_fee'] as const;

/**
 * The figures from the sums by kind (docs/performance.md, "Operator dashboard"): recharges are credited
 * recharges; withdrawals the money paid out (withdraw_paid: approved, after the fee); net flow the
 * difference; bets the stakes; payouts the game's winnings paid; fees every fee charged; the house
 * result the house account's change (stakes in, less payouts and the game fees it passes on).
 */
export function perCoinFigures(coin: string, sums: KindSums): PerCoin {
  const of = (kind: string) => sums.get(kind) ?? 0n;
  const recharges = of('recharge');
  const withdrawals = of('withdraw_paid');
  return {
    coin,
    recharges: formatMoney(recharges),
    withdrawals: formatMoney(withdrawals),
    netFlow: formatMoney(recharges - withdrawals),
    bets: formatMoney(of('bet')),
    payouts: formatMoney(of('payout')),
    fees: formatMoney(FEE_KINDS.reduce((total, kind) => total + of(kind), 0n)),
    houseResult: formatMoney(of('~house')),
  };
}

/** Return to player in basis points (payout per unit staked), or null with nothing staked. */
export function rtpBps(stake: bigint, payout: bigint): number | null {
  return stake > 0n ? Number((payout * 10_000n) / stake) : null;
}

/** The UTC days (YYYY-MM-DD) of the `days` days up to and including `now`'s, oldest first. */
export function utcDaysUpTo(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}
