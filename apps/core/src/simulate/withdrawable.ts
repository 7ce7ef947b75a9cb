import { ASSETS, type Asset, parseRate, RATE_SCALE, valueIn, WALLET_CURRENCIES, withdrawableOfBook } from '@prism/domain';
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
 * Credits that are not new money for the user's group: a user's own principal coming back (a power
 * package's price at maturity, an advisor stake, a fixed deposit), counted when it first came in.
 * A gift's price reaching its receiver at maturity is the giver's money moving inside the group.
 */
const RETURNS = ['exchange', 'withdraw_refund', 'power_maturity', 'advisor_maturity', 'fixed_deposit'];

/** Users joined by power gifts (either way), as groups: the rule is checked per group. */
async function giftGroups(db: Database, userIds: readonly number[]): Promise<number[][]> {
  const parent = new Map(userIds.map((id) => [id, id]));
  const root = (id: number): number => {
    let at = id;
    while (parent.get(at) !== at) at = parent.get(at) ?? at;
    return at;
  };
  const gifts = await queryRows<{ giver_id: number; user_id: number }>(
    db,
    sql`select distinct giver_id, user_id from power_holdings where giver_id is not null`,
  );
  for (const gift of gifts) {
    const [a, b] = [Number(gift.giver_id), Number(gift.user_id)];
    if (parent.has(a) && parent.has(b)) parent.set(root(a), root(b));
  }
  const groups = new Map<number, number[]>();
  for (const id of userIds) groups.set(root(id), [...(groups.get(root(id)) ?? []), id]);
  return [...groups.values()];
}

/** What a coin is worth in CASH at the platform's rates (valueIn), times RATE_SCALE so that nothing rounds. */
async function valuer(db: Database): Promise<(asset: string, amount: bigint) => bigint> {
  const rows = await queryRows<{ from_asset: string; to_asset: string; rate: string }>(
    db,
    sql`select from_asset, to_asset, rate from exchange_rates`,
  );
  const rateOf = (from: Asset, to: Asset) => {
    const row = rows.find((r) => r.from_asset === from && r.to_asset === to);
    return row ? parseRate(row.rate) : undefined;
  };
  // The value of one whole unit scaled up: valueIn of RATE_SCALE units is the rate to CASH.
  const scaled = new Map(ASSETS.map((asset) => [asset as string, valueIn(asset, RATE_SCALE, 'CASH', rateOf)]));
  return (asset, amount) => amount * (scaled.get(asset) ?? 0n);
}

/**
 * The turnover rule, checked from the outside: per group of users joined by gifts (a user alone is
 * a group), what was withdrawn plus what may be withdrawn now never exceeds free money in
 * (recharges without a multiple, payouts, rewards, incomes) + the locked recharges their bets have
 * paid for (turnover / multiple). Compared in CASH at the platform's rates, a bet's stake too: a
 * rule that let a gift carry a recharge out free, or let POINT (0.01 CHIP) bets free CASH at par,
 * breaks it. Exchanges never add value; returns of principal are not new money (RETURNS).
 */
export async function withdrawnWithinTurnover(db: Database, userIds: readonly number[]): Promise<string[]> {
  const value = await valuer(db);
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
        where a.user_id is not null and t.type <> all(${`{${RETURNS.join(',')}}`}::text[]) group by a.user_id, t.type, t.asset`,
  );
  const out = await sums(
    db,
    sql`select user_id, currency as key, sum(amount)::text as total from withdrawals where status <> 'rejected' group by user_id, currency`,
  );
  const bets = await sums(db, sql`select user_id, coin as key, sum(total)::text as total from game_bets group by user_id, coin`);
  const ofUser = (map: Sums, userId: number) => [...map].filter(([key]) => key.startsWith(`${userId}:`));
  const failures: string[] = [];
  for (const group of await giftGroups(db, userIds)) {
    let free = 0n;
    let locked = 0n;
    let turnover = 0n;
    let taken = 0n;
    for (const userId of group) {
      for (const [key, amount] of ofUser(credits, userId)) {
        const [, type, asset = ''] = key.split(':');
        if (type === 'recharge' && (amount * BigInt(bpsOf(asset))) / 10_000n > 0n) locked += value(asset, amount);
        else free += value(asset, amount);
      }
      for (const [key, stake] of ofUser(bets, userId)) turnover += value(key.split(':')[1] ?? '', stake);
      const balances = await balancesOf(db, userId);
      const book = await turnoverBook(db, userId);
      for (const asset of WALLET_CURRENCIES)
        taken += value(asset, (out.get(`${userId}:${asset}`) ?? 0n) + withdrawableOfBook(book, asset, balances[asset]));
    }
    const paidFor = Number.isFinite(minBps) ? (turnover * 10_000n) / BigInt(minBps) : 0n;
    const allowed = free + (paidFor < locked ? paidFor : locked);
    if (taken > allowed)
      failures.push(
        `users ${group.join(', ')}: withdrawn + withdrawable ${taken / RATE_SCALE} above what the turnover rule allows ${allowed / RATE_SCALE}`,
      );
  }
  return failures;
}
