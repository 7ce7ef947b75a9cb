import { type Asset, type BetName, type GameOdds, type GameResult, multiplierBps } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export interface LedgerCheckReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  /** Per asset, the sum of every balance: must be zero. */
  sums: Record<string, string>;
  /** Accounts whose stored balance differs from the sum of their transfers. */
  mismatches: { accountId: number; asset: Asset; balance: string; fromTransfers: string }[];
  /** User accounts below zero (the database forbids it; listed if it ever happened). */
  negativeUsers: { accountId: number; userId: number; asset: Asset; balance: string }[];
  /**
   * Bets stranded in a finished session: their stake was taken and nothing will ever pay them. In
   * a void session every bet must have been refunded (DRAW); in a settled one a bet still PENDING
   * lost (settlement writes only the winners, game/outcome.ts), so it is stranded only if its
   * name wins the session's result with the room's odds.
   */
  pendingBets: { betId: number; userId: number; periodId: string; sessionStatus: string; coin: string; total: string }[];
}

/**
 * Verifies the ledger's invariants with set-based SQL: per asset all balances
 * sum to zero, every account equals credits minus debits of its transfers, no
 * user account is negative, and no stake is stranded in a finished game session (a void session's
 * bet not refunded, a settled session's winning bet not written).
 */
export async function checkLedger(db: Executor): Promise<LedgerCheckReport> {
  const sums = await queryRows<{ asset: Asset; total: string }>(
    db,
    sql`select asset, sum(balance)::text as total from ledger_accounts group by asset order by asset`,
  );
  const mismatches = await queryRows<{ account_id: number; asset: Asset; balance: string; from_transfers: string }>(
    db,
    sql`with moves as (
          select to_account_id as account_id, amount from ledger_transfers
          union all
          select from_account_id, -amount from ledger_transfers
        ), totals as (
          select account_id, sum(amount) as total from moves group by account_id
        )
        select a.id as account_id, a.asset, a.balance::text as balance, coalesce(t.total, 0)::text as from_transfers
        from ledger_accounts a left join totals t on t.account_id = a.id
        where a.balance <> coalesce(t.total, 0)
        order by a.id limit 100`,
  );
  const negative = await queryRows<{ account_id: number; user_id: number; asset: Asset; balance: string }>(
    db,
    sql`select id as account_id, user_id, asset, balance::text as balance from ledger_accounts where user_id is not null and balance < 0 order by id limit 100`,
  );
  // The kinds of PENDING bets in settled sessions are few (room, result, bet name): the winning ones are told by the domain's rule.
  const kinds = await queryRows<{ level: number; result: number; bet_name: string; odds: GameOdds }>(
    db,
    sql`select k.level, k.result, k.bet_name, l.odds from (
          select distinct s.level, s.result, b.bet_name from game_bets b join game_sessions s on s.id = b.session_id
          where b.status = 'PENDING' and s.status = 'settled') k
        join game_levels l on l.level = k.level`,
  );
  const unpaidWinners = kinds.filter((k) => multiplierBps(k.bet_name as BetName, k.result as GameResult, k.odds) > 0);
  const winning = unpaidWinners.length
    ? sql`or (s.status = 'settled' and (s.level, s.result, b.bet_name) in (${sql.join(
        unpaidWinners.map((k) => sql`(${k.level}::int, ${k.result}::smallint, ${k.bet_name}::text)`),
        sql`, `,
      )}))`
    : sql``;
  const pending = await queryRows<{ id: number; user_id: number; period_id: string; status: string; coin: string; total: string }>(
    db,
    sql`select b.id, b.user_id, b.period_id, s.status, b.coin, b.total::text as total
        from game_bets b join game_sessions s on s.id = b.session_id
        where b.status = 'PENDING' and (s.status = 'void' ${winning}) order by b.id limit 100`,
  );
  const [counts] = await queryRows<{ accounts: number; transfers: number }>(
    db,
    sql`select (select count(*) from ledger_accounts)::int as accounts, (select count(*) from ledger_transfers)::int as transfers`,
  );
  const sumMap = Object.fromEntries(sums.map((row) => [row.asset, row.total]));
  return {
    ok: sums.every((row) => BigInt(row.total) === 0n) && mismatches.length === 0 && negative.length === 0 && pending.length === 0,
    accounts: Number(counts?.accounts ?? 0),
    transfers: Number(counts?.transfers ?? 0),
    sums: sumMap,
    mismatches: mismatches.map((row) => ({
      accountId: Number(row.account_id),
      asset: row.asset,
      balance: row.balance,
      fromTransfers: row.from_transfers,
    })),
    negativeUsers: negative.map((row) => ({
      accountId: Number(row.account_id),
      userId: Number(row.user_id),
      asset: row.asset,
      balance: row.balance,
    })),
    pendingBets: pending.map((row) => ({
      betId: Number(row.id),
      userId: Number(row.user_id),
      periodId: row.period_id,
      sessionStatus: row.status,
      coin: row.coin,
      total: row.total,
    })),
  };
}
