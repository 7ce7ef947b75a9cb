import { type Asset, parseRate, RATE_SCALE, withdrawableOfBook } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { balancesOf } from '../modules/ledger/ledger';
import { turnoverBook } from '../modules/ledger/turnover';

type Sums = Map<string, bigint>;

async function sums(db: Database, query: ReturnType<typeof sql>): Promise<Sums> {
  const rows = await queryRows<{ user_id: number; key: string; total: string }>(db, query);
  return new Map(rows.map((row) => [`${row.user_id}:${row.key}`, BigInt(row.total)]));
}

/**
 * The turnover rule, checked from the outside: per user, what was withdrawn
 * plus what may be withdrawn now never exceeds free money in (recharges
 * without a multiple, payouts, rewards) + the locked recharges their bets have
 * paid for (turnover / multiple). Compared in value: USDT at the USDT -> CASH
 * rate, every other coin at 1 (bets count them at par); exchanges never add value.
 */
export async function withdrawnWithinTurnover(db: Database, userIds: readonly number[]): Promise<string[]> {
  const [rate] = await queryRows<{ rate: string }>(
    db,
    sql`select rate from exchange_rates where from_asset = 'USDT' and to_asset = 'CASH'`,
  );
  const value = (asset: string, amount: bigint) =>
    asset === 'USDT' ? amount * (parseRate(rate?.rate ?? '1') ?? RATE_SCALE) : amount * RATE_SCALE;
  const multiples = await queryRows<{ currency: string; bps: number }>(
    db,
    sql`select currency, turnover_multiple_bps as bps from charge_withdraw_config`,
  );
  const bpsOf = (asset: string) => multiples.find((m) => m.currency === asset)?.bps ?? 0;
  const minBps = Math.min(...multiples.map((m) => m.bps).filter((bps) => bps > 0));
  const credits = await sums(
    db,
    sql`select a.user_id, t.type || ':' || t.asset as key, sum(t.amount)::text as total
        from ledger_transfers t join ledger_accounts a on a.id = t.to_account_id
        where a.user_id is not null and t.type not in ('exchange', 'withdraw_refund') group by a.user_id, t.type, t.asset`,
  );
  const out = await sums(
    db,
    sql`select user_id, currency as key, sum(amount)::text as total from withdrawals where status <> 'rejected' group by user_id, currency`,
  );
  const bets = await sums(db, sql`select user_id, coin as key, sum(total)::text as total from game_bets group by user_id, coin`);
  const failures: string[] = [];
  for (const userId of userIds) {
    let free = 0n;
    let locked = 0n;
    for (const [key, amount] of credits) {
      const [user, type, asset = ''] = key.split(':');
      if (Number(user) !== userId) continue;
      if (type === 'recharge' && (amount * BigInt(bpsOf(asset))) / 10_000n > 0n) locked += value(asset, amount);
      else free += value(asset, amount);
    }
    const turnover = [...bets]
      .filter(([key]) => key.startsWith(`${userId}:`))
      .reduce((sum, [key, n]) => sum + value(key.split(':')[1] ?? '', n), 0n);
    const paidFor = Number.isFinite(minBps) ? (turnover * 10_000n) / BigInt(minBps) : 0n;
    const allowed = free + (paidFor < locked ? paidFor : locked);
    const balances = await balancesOf(db, userId);
    const book = await turnoverBook(db, userId);
    let taken = 0n;
    for (const asset of ['CASH', 'USDT'] as Asset[])
      taken += value(asset, (out.get(`${userId}:${asset}`) ?? 0n) + withdrawableOfBook(book, asset, balances[asset]));
    if (taken > allowed)
      failures.push(
        `user ${userId}: withdrawn + withdrawable ${taken / RATE_SCALE} above what the turnover rule allows ${allowed / RATE_SCALE}`,
      );
  }
  return failures;
}
