import type { Asset } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export interface LedgerCheckReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  /** Per asset, the sum of every balance: must be zero. */
  sums: Record<string, string>;
  /**
   * Each system account's balance per asset, its shards added up (house, fees, rewards, rebates,
   * deposits, ...): what the platform has won, earned, given away or holds in flight. Informational.
   */
  systemAccounts: Record<string, Record<string, string>>;
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
  pendingBets: StrandedBet[];
}

/** A bet whose stake was taken in a finished session and that nothing will ever pay (found by the game module). */
export interface StrandedBet {
  betId: number;
  userId: number;
  periodId: string;
  sessionStatus: string;
  coin: string;
  total: string;
}

/**
 * Verifies the ledger's invariants with set-based SQL: per asset all balances
 * sum to zero, every account equals credits minus debits of its transfers, no
 * user account is negative, and no stake is stranded in a finished game session (a void session's
 * bet not refunded, a settled session's winning bet not written): the bets are the game module's,
 * so the caller hands in its `strandedBets` (the ledger imports no module).
 */
export async function checkLedger(db: Executor, strandedBets: (db: Executor) => Promise<StrandedBet[]>): Promise<LedgerCheckReport> {
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
  const pending = await strandedBets(db);
  const systemAccounts = await systemAccountBalances(db);
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
    systemAccounts,
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
    pendingBets: pending,
  };
}

/** Every system account's balance per asset, its shards summed, in minor units (as `sums`): `{ rewards: { CASH: '-1000' }, ... }`. */
async function systemAccountBalances(db: Executor): Promise<Record<string, Record<string, string>>> {
  const rows = await queryRows<{ name: string; asset: string; balance: string }>(
    db,
    sql`select system_name as name, asset, sum(balance)::text as balance from ledger_accounts
        where system_name is not null group by system_name, asset order by system_name, asset`,
  );
  const byName: Record<string, Record<string, string>> = {};
  for (const row of rows) byName[row.name] = { ...byName[row.name], [row.asset]: row.balance };
  return byName;
}
