import { type Asset, BET_NAMES, type GameOdds, type GameResult, multiplierBps } from '@prism/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { type TransferInput, transferBatch } from '../ledger/ledger';
import { gameSessions } from './schema';
import type { SessionRow } from './sessions';

export interface SettlementReport {
  bets: number;
  winners: number;
  paid: Record<string, string>;
}

/** What the settling statement answers: sums to pay, and how many bets it settled. */
type Movement = {
  kind: 'payout' | 'fee' | 'count';
  user_id: number | null;
  coin: Asset | null;
  amount: string;
  bets: number;
};

/**
 * Settles a drawn session set-based: one UPDATE prices every pending bet from
 * the domain's multipliers for this result (the SQL only multiplies), the same
 * statement sums payouts per user and coin and fees per coin, and one ledger
 * batch pays them (house -> users, house -> fees). Idempotent: only PENDING
 * bets of a 'drawn' session are touched, and the session is marked settled in
 * the same transaction.
 */
export async function settleSession(
  tx: Executor,
  clock: Clock,
  session: SessionRow,
  odds: GameOdds,
): Promise<SettlementReport | undefined> {
  if (session.status !== 'drawn' || session.result == null) return undefined;
  const result = session.result as GameResult;
  const multipliers = sql.join(
    BET_NAMES.map((name) => sql`(${name}, ${multiplierBps(name, result, odds)}::bigint)`),
    sql`, `,
  );
  const now = clock.now();
  const movements = await queryRows<Movement>(
    tx,
    sql`with settled as (
          update game_bets b
          set status = case when m.mult > 0 then 'WIN' else 'LOSE' end,
              payout = ((b.total - b.fee) * m.mult) / 10000,
              settled_at = ${now.toISOString()}::timestamptz
          from (values ${multipliers}) as m(bet_name, mult)
          where b.session_id = ${session.id} and b.status = 'PENDING' and b.bet_name = m.bet_name
          returning b.user_id, b.coin, b.payout, b.fee
        )
        select 'payout' as kind, user_id, coin, sum(payout)::text as amount, count(*)::int as bets from settled where payout > 0 group by user_id, coin
        union all
        select 'fee', null, coin, sum(fee)::text, count(*)::int from settled where fee > 0 group by coin
        union all
        select 'count', null, null, '0', count(*)::int from settled`,
  );
  return finish(tx, now, session, movements);
}

/** `now` is the bets' settled_at too: a session and its bets are settled at one time (the rebate job's day). */
async function finish(tx: Executor, now: Date, session: SessionRow, movements: Movement[]): Promise<SettlementReport> {
  const reference = `session:${session.periodId}`;
  const transfers: TransferInput[] = [];
  const paid: Record<string, bigint> = {};
  let winners = 0;
  for (const m of movements) {
    const amount = BigInt(m.amount);
    if (m.kind === 'count' || amount <= 0n || !m.coin) continue;
    if (m.kind === 'fee') {
      transfers.push({ asset: m.coin, from: { system: 'house' }, to: { system: 'fees' }, amount, type: 'fee', reference });
      continue;
    }
    transfers.push({ asset: m.coin, from: { system: 'house' }, to: { userId: Number(m.user_id) }, amount, type: m.kind, reference });
    paid[m.coin] = (paid[m.coin] ?? 0n) + amount;
    winners++;
  }
  await transferBatch(tx, transfers, now);
  await tx
    .update(gameSessions)
    .set({ status: 'settled', settledAt: now })
    .where(and(eq(gameSessions.id, session.id), eq(gameSessions.status, session.status)));
  return {
    bets: Number(movements.find((m) => m.kind === 'count')?.bets ?? 0),
    winners,
    paid: Object.fromEntries(Object.entries(paid).map(([coin, total]) => [coin, total.toString()])),
  };
}
