import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { rebuildBetFigures } from '../modules/game/figures';
import { transferBatch } from '../modules/ledger/ledger';

/**
 * A player's past for the read benchmarks, so that getUserInfo's figures read real volumes: 3,000
 * finished one-minute sessions of room 1 before now (every 250th void, its bets DRAW), each user
 * with a bet in every third of them (1,000 bets), the first user in all of them twice (6,000), and
 * three recharges each (CASH). The bets are written as settlement leaves them (winners WIN with their
 * payout and settled time, losers untouched: PENDING in a settled session, DRAW refunded); they move
 * no money, so the ledger stays balanced.
 */
export async function seedHistory(db: Database, userIds: number[]): Promise<{ sessions: number; bets: number }> {
  const sessions = 3000;
  await db.execute(sql`
    insert into game_sessions (level, period_id, start_at, bet_end_at, end_at, chain_id, chain_index, commitment, seed_sealed,
                               seed, beacon_name, beacon_round, result, status, void_reason, drawn_at, settled_at, created_at)
    select 1, '19700101' || lpad(g::text, 6, '0'),
           now() - (g + 1) * interval '1 minute', now() - (g + 1) * interval '1 minute' + interval '55 seconds',
           now() - g * interval '1 minute', -1, g, 'bench', 'bench', 'bench', 'bench', g, g % 10,
           case when g % 250 = 0 then 'void' else 'settled' end, case when g % 250 = 0 then 'bench' end,
           now() - g * interval '1 minute' + interval '1 second', case when g % 250 = 0 then null else now() - g * interval '1 minute' + interval '1 second' end,
           now() - (g + 1) * interval '1 minute'
    from generate_series(${sessions}, 1, -1) g`);
  const [first] = userIds;
  await db.execute(sql`
    with picks as (
      select u.id as user_id, u.n, s.id as session_id, s.period_id, s.start_at, s.result, s.status, s.settled_at, copy
      from (select id, row_number() over (order by id) as n from users where id = any(${`{${userIds.join(',')}}`}::bigint[])) u
      join game_sessions s on s.chain_id = -1 and (s.chain_index % 3 = u.n % 3 or u.id = ${first ?? 0})
      cross join generate_series(1, 2) copy
      where copy = 1 or u.id = ${first ?? 0}
    )
    insert into game_bets (order_no, user_id, session_id, level, period_id, bet_name, base_amount, multiples, total, fee, coin,
                           status, payout, created_at, settled_at)
    select 'H' || user_id || '-' || session_id || '-' || copy, user_id, session_id, 1, period_id,
           case when (session_id + n) % 2 = 0 then 'Big' else 'Small' end, 1000, 1, 1000, 20, 'CHIP',
           case when status = 'void' then 'DRAW'
                when ((session_id + n) % 2 = 0) = (result >= 5) then 'WIN' else 'PENDING' end,
           case when status = 'void' then 1000
                when ((session_id + n) % 2 = 0) = (result >= 5) then 1960 else 0 end,
           start_at + interval '10 seconds',
           case when status <> 'void' and ((session_id + n) % 2 = 0) = (result >= 5) then settled_at end
    from picks`);
  await db.transaction((tx) =>
    transferBatch(
      tx,
      userIds.flatMap((userId) =>
        [1, 2, 3].map((i) => ({
          asset: 'CASH' as const,
          from: { system: 'rewards' as const },
          to: { userId },
          amount: 100_000n * BigInt(i),
          type: 'recharge' as const,
          reference: `bench-recharge:${userId}:${i}`,
        })),
      ),
      new Date(),
    ),
  );
  // Their figure rows, as place_bet and settlement would have written them (game/figures.ts).
  await rebuildBetFigures(db, userIds);
  await db.execute(sql`vacuum analyze`);
  const [row] = await queryRows<{ bets: number }>(db, sql`select count(*)::int as bets from game_bets`);
  return { sessions, bets: row?.bets ?? 0 };
}
