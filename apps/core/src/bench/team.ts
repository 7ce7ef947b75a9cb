import { DEFAULT_REBATE_RATES } from '@prism/domain';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { createConfigService } from '../modules/config/service';
import { runRebates } from '../modules/team/job';
import { loadTeamInfo, teamMembers } from '../modules/team/stats';
import { users } from '../modules/user/schema';
import { freshDatabase, machine } from './support';

/**
 * `npm run bench -- team`: team statistics (getUserTeamInfo) of a user with
 * 10,000 members in levels 1-3 (100 / 900 / 9,000) and 10,000 more at level 4,
 * each member with 5 settled bets and one recharge, half of them with a bank
 * card, and the stakes' ledger rows; then the rebate job over that day.
 * PostgreSQL, rows written set-based, vacuumed as autovacuum would.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const db = await freshDatabase(4);
try {
  const exec = (query: ReturnType<typeof sql>) => db.db.execute(query);
  const [root] = await queryRows<{ id: number }>(
    db.db,
    sql`insert into users (phone, area_code, password_hash, invitation_code) values ('9000000000', '91', 'x', 'ROOT') returning id`,
  );
  const rootId = Number(root?.id);
  const children = async (level: number, parents: ReturnType<typeof sql>, each: number) =>
    exec(sql`insert into users (phone, area_code, password_hash, invitation_code, parent_id)
             select 'p' || ${level} || '-' || p.id || '-' || g, '91', 'x', 'c' || ${level} || '-' || p.id || '-' || g, p.id
             from (${parents}) p cross join generate_series(1, ${each}) g`);
  await children(1, sql`select ${rootId}::bigint as id`, 100);
  await children(2, sql`select id from users where parent_id = ${rootId}`, 9);
  await children(3, sql`select id from users where invitation_code like 'c2-%'`, 10);
  await children(4, sql`select id from users where invitation_code like 'c3-%' order by id limit 1000`, 10);
  const started = new Date(Date.now() - 3 * 3_600_000);
  // The session the bets were settled in: the rebate job finds a day's bets through their sessions.
  await exec(sql`insert into game_sessions (id, level, period_id, start_at, bet_end_at, end_at, chain_id, chain_index, commitment, seed_sealed,
                                            beacon_name, beacon_round, status, settled_at, created_at)
                 values (1, 99, 'bench', ${started.toISOString()}::timestamptz, ${started.toISOString()}::timestamptz, ${started.toISOString()}::timestamptz,
                         0, 0, 'bench', 'bench', 'bench', 0, 'settled', ${started.toISOString()}::timestamptz + interval '1 minute', ${started.toISOString()}::timestamptz)`);
  await exec(sql`insert into game_bets (order_no, user_id, session_id, level, period_id, bet_name, base_amount, multiples, total, fee, coin, status, payout, created_at, settled_at)
                 select 'b' || u.id || '-' || g, u.id, 1, 1, 'bench', 'Red', 100, 1, 100, 0, 'CHIP',
                        case when g % 2 = 0 then 'WIN' else 'LOSE' end, case when g % 2 = 0 then 196 else 0 end,
                        ${started.toISOString()}::timestamptz, ${started.toISOString()}::timestamptz + interval '1 minute'
                 from users u cross join generate_series(1, 5) g where u.id <> ${rootId}`);
  await exec(sql`insert into ledger_accounts (asset, system_name) values ('CASH', 'deposits:bench')`);
  await exec(sql`insert into ledger_accounts (asset, user_id) select 'CASH', id from users`);
  await exec(sql`insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
                 select 'CASH', (select id from ledger_accounts where system_name = 'deposits:bench'), a.id, 10000, 'recharge', 'bench',
                        ${started.toISOString()}::timestamptz
                 from ledger_accounts a where a.user_id is not null and a.user_id <> ${rootId}`);
  // The stakes' own ledger rows, so that recharges are a small part of a realistic ledger.
  await exec(sql`insert into ledger_accounts (asset, system_name) values ('CASH', 'house')`);
  await exec(sql`insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
                 select 'CASH', a.id, (select id from ledger_accounts where system_name = 'house'), 100, 'bet', 'bench-bet', ${started.toISOString()}::timestamptz
                 from ledger_accounts a cross join generate_series(1, 5) g where a.user_id is not null and a.user_id <> ${rootId}`);
  await exec(sql`insert into bank_cards (user_id, bank_name, card_number, holder_name, ifsc, created_at)
                 select id, 'Bench', '1234567890' || id, 'B', 'SBIN0001234', ${started.toISOString()}::timestamptz from users where id % 2 = 0`);
  await exec(sql`vacuum analyze`);

  const [user] = await db.db.select().from(users).where(eq(users.id, rootId));
  if (!user) throw new Error('no root user');
  const time = async (work: () => Promise<unknown>) => {
    const latencies: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await work();
      latencies.push(performance.now() - t);
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
    return { runs: RUNS, p50ms: at(0.5), p99ms: at(0.99), maxMs: at(1) };
  };
  const info = await loadTeamInfo(db.db, user, DEFAULT_REBATE_RATES);
  console.log('team', { teamNumber: info.teamNumber, levels: info.levels.map((l) => l.memberNumber), teamBet: info.teamTotalBetAmount });
  console.log('getUserTeamInfo (10,000 members)', await time(() => loadTeamInfo(db.db, user, DEFAULT_REBATE_RATES)));
  console.log('getTeamMembers level 3, page 100', await time(() => teamMembers(db.db, rootId, 3, 100)));

  const config = createConfigService(db.db, 'http://bench');
  const tomorrow = new Date(started.getTime() + 86_400_000 + 3_600_000);
  const t = performance.now();
  const paid = await runRebates(db.db, { now: () => tomorrow }, config);
  console.log('rebate job, one day of 100,000 bets and 20,000 recharges', {
    ms: Math.round(performance.now() - t),
    periods: paid.filter((p) => p.paid).map((p) => `${p.kind}:${p.period}:${p.transfers}`),
  });
  console.log('machine', machine());
} finally {
  if (process.env.BENCH_KEEP) console.log('kept', db.url);
  else await db.drop();
}
