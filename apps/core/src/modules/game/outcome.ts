import type { BetStatus } from '@prism/domain';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The one way to read a bet's outcome. Settlement writes only the winners (status WIN, payout,
 * settled_at): a losing bet keeps its row as it was placed (PENDING, payout 0, no settled_at),
 * and its session being settled is what says it lost (docs/performance-history.md, "Losers are not
 * written"). So every reader of a bet's status or settled time reads it with its session's
 * status and settled time, through these: `b` is the bet's alias, `s` its session's (joined on
 * s.id = b.session_id). A bet's payout needs no session: a loser's is 0, as placed.
 *
 * Rows settled before this rule (every bet written WIN or LOSE) read the same.
 */
export function betStatusSql(b: string, s: string): SQL<BetStatus> {
  const bet = sql.raw(b);
  const session = sql.raw(s);
  return sql<BetStatus>`(case when ${bet}.status = 'PENDING' and ${session}.status = 'settled' then 'LOSE' else ${bet}.status end)`;
}

/** When the bet was settled: its own time (winners, refunds, rows from before) or its session's (losers). */
export function betSettledAtSql(b: string, s: string): SQL<Date | null> {
  const bet = sql.raw(b);
  const session = sql.raw(s);
  return sql<Date | null>`coalesce(${bet}.settled_at, case when ${session}.status = 'settled' then ${session}.settled_at end)`;
}

/** The same rule for a row already read with its session's status and settled time. */
export function betOutcome(
  bet: { status: string; settledAt: Date | null },
  session: { status: string; settledAt: Date | null },
): { status: BetStatus; settledAt: Date | null } {
  if (bet.status === 'PENDING' && session.status === 'settled') return { status: 'LOSE', settledAt: session.settledAt };
  return { status: bet.status as BetStatus, settledAt: bet.settledAt };
}
