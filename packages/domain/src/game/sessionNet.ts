import type { Money } from '../money';

/**
 * A session's result for the player, per coin: what the bets staked, what they paid back, and the
 * net (payouts less stakes). The headline follows the sign of the net, never whether some bet
 * won: ten bets that lose 500 and one that wins 19.60 are a loss, however green the winner is.
 */
export type NetOutcome = 'won' | 'lost' | 'even';

/** One bet's own figures as the server states them (stake and payout; a losing bet pays 0). */
export interface BetStakePayout {
  coin: string;
  stake: Money;
  payout: Money;
}

export interface CoinNet {
  coin: string;
  staked: Money;
  paid: Money;
  /** paid - staked: negative when the session lost money in this coin. */
  net: Money;
  outcome: NetOutcome;
}

/** Won above zero, lost below, even at zero. */
export function outcomeOfNet(net: Money): NetOutcome {
  if (net > 0n) return 'won';
  if (net < 0n) return 'lost';
  return 'even';
}

/** One bet's net: its payout less its stake. */
export function betNet(bet: BetStakePayout): Money {
  return bet.payout - bet.stake;
}

/**
 * The nets of a session's bets per coin, coins in the order of their first bet. Coins are never
 * added together: they are different assets, so "per coin" is the only honest total.
 */
export function sessionNetByCoin(bets: readonly BetStakePayout[]): CoinNet[] {
  const byCoin = new Map<string, { staked: Money; paid: Money }>();
  for (const bet of bets) {
    const sum = byCoin.get(bet.coin) ?? { staked: 0n, paid: 0n };
    sum.staked += bet.stake;
    sum.paid += bet.payout;
    byCoin.set(bet.coin, sum);
  }
  return [...byCoin].map(([coin, { staked, paid }]) => ({ coin, staked, paid, net: paid - staked, outcome: outcomeOfNet(paid - staked) }));
}
