import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../db/client';
import { catchUp } from '../modules/dashboard';
import { systemClock } from '../platform/clock';
import { seedDatabase } from '../seeds';
import { startCoreProcess } from '../testing/process';
import { freshDatabase, machine } from './support';

/**
 * `npm run bench -- admin`: GET /core/admin/dashboard over BENCH_ADMIN_BETS bets (1,000,000) of
 * BENCH_ADMIN_USERS players (100,000) spread over the last 30 days, with their ledger rows (stakes,
 * payouts, game fees, recharges, paid withdrawals), the aggregates caught up as the periodic job
 * keeps them, and a tail of fresh transfers left for each request to fold in. Seeded set-based
 * (generate_series). On PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is given, else
 * PGlite. The load comes from another process (bench/load/autocannon.mjs); p99 must stay under 500 ms.
 */
const BETS = Number(process.env.BENCH_ADMIN_BETS ?? 1_000_000);
const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
const TAIL = Number(process.env.BENCH_ADMIN_TAIL ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// One operator's page at a time by default: the figure is a request's latency, not a queue's.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const LIMIT_MS = 500;
const OPS_TOKEN = 'bench-ops-token-0123456789abcdef';
const here = path.dirname(fileURLToPath(import.meta.url));
const onPostgres = Boolean(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);

/** Ledger rows for `n` bets of `USERS` players over 30 days: stakes in, about half paid out, the fee passed on. */
async function seedBets(db: Database, from: number, n: number): Promise<void> {
  const at = sql`(now() - ((${BETS}::int - g) * (interval '30 days' / ${BETS}::float8)))`;
  const user = sql`(g % ${USERS}::int) + 1`;
  const period = sql`to_char(${at} at time zone 'UTC', 'YYYYMMDD') || (1 + g % 3)::text || lpad((g % 1440)::text, 5, '0')`;
  await db.execute(sql`
    insert into game_bets (order_no, user_id, session_id, level, period_id, bet_name, base_amount, multiples, total, fee, coin, status, payout, created_at, settled_at)
    select 'B' || ${period} || g, u.id, 1, 1 + g % 3, ${period}, case when g % 2 = 0 then 'Big' else 'Small' end, 1000, 1, 1000, 20, 'CHIP',
           case when g % 2 = 0 then 'WIN' else 'PENDING' end, case when g % 2 = 0 then 1960 else 0 end, ${at}, ${at}
      from generate_series(${from}::int, ${from + n - 1}::int) g join users u on u.phone = lpad((${user})::text, 10, '0')`);
  await db.execute(sql`
    insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
    select 'CHIP', a.id, (select id from ledger_accounts where system_name = 'house' and asset = 'CHIP' limit 1), 1000, 'bet',
           'bet:B' || ${period} || g, ${at}
      from generate_series(${from}::int, ${from + n - 1}::int) g join ledger_accounts a on a.user_id = ${user} and a.asset = 'CHIP'
    union all
    select 'CHIP', (select id from ledger_accounts where system_name = 'house' and asset = 'CHIP' limit 1), a.id, 1960, 'payout',
           'session:' || ${period}, ${at}
      from generate_series(${from}::int, ${from + n - 1}::int) g join ledger_accounts a on a.user_id = ${user} and a.asset = 'CHIP' where g % 2 = 0`);
}

/** Players, their accounts, the house and deposit accounts, recharges and a few paid withdrawals. */
async function seedPlayers(db: Database): Promise<void> {
  await db.execute(sql`insert into users (phone, area_code, password_hash, invitation_code, created_at)
    select lpad(g::text, 10, '0'), '91', 'x', 'A' || g, now() - (g % 60) * interval '1 day' from generate_series(1, ${USERS}::int) g`);
  await db.execute(sql`insert into ledger_accounts (asset, user_id) select c, id from users cross join (values ('CASH'), ('CHIP')) v(c)`);
  await db.execute(
    sql`insert into ledger_accounts (asset, system_name) values ('CHIP', 'house'), ('CASH', 'deposits:bench'), ('CASH', 'withdrawals_paid')`,
  );
  await db.execute(sql`
    insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
    select 'CASH', (select id from ledger_accounts where system_name = 'deposits:bench'), a.id, 100000, 'recharge', 'bench:' || a.id,
           now() - (a.id % 30) * interval '1 day'
      from ledger_accounts a where a.user_id is not null and a.asset = 'CASH'
    union all
    select 'CASH', a.id, (select id from ledger_accounts where system_name = 'withdrawals_paid'), 40000, 'withdraw_paid', 'withdrawal:' || a.id,
           now() - (a.id % 30) * interval '1 day'
      from ledger_accounts a where a.user_id is not null and a.asset = 'CASH' and a.id % 10 = 0`);
  // The one session the bets point at (the dashboard never reads bets; they are here for the volume).
  await db.execute(sql`insert into game_sessions (id, level, period_id, start_at, bet_end_at, end_at, chain_id, chain_index, commitment, seed_sealed,
      beacon_name, beacon_round, status, settled_at, created_at)
    values (1, 1, 'bench', now(), now(), now(), -1, 0, 'bench', 'bench', 'bench', 0, 'settled', now(), now())`);
}

async function seed(db: Database): Promise<void> {
  const t = performance.now();
  await seedPlayers(db);
  const chunk = 250_000;
  for (let from = 1; from <= BETS - TAIL; from += chunk) await seedBets(db, from, Math.min(chunk, BETS - TAIL - from + 1));
  await db.execute(sql`analyze`);
  const seeded = performance.now();
  const folded = await catchUp(db, systemClock, 1_000_000, 50_000);
  // Fresh transfers after the watermark: what a request folds in itself.
  if (TAIL > 0) await seedBets(db, BETS - TAIL + 1, TAIL);
  await db.execute(sql`analyze`);
  console.log(
    `seeded ${USERS} users and ${BETS} bets in ${Math.round((seeded - t) / 1000)} s; aggregates caught up over ${folded} transfers in ${Math.round((performance.now() - seeded) / 1000)} s`,
  );
}

interface Load {
  requests: number;
  okEnvelopes: number;
  firstRefusal?: string;
  p50: number;
  p99: number;
}

/** The load generator in its own process, as the other benches run it. */
function load(url: string): Promise<Load> {
  return new Promise((resolve, reject) => {
    const spec = { url, connections: CONNECTIONS, seconds: SECONDS, tokens: [`Ops ${OPS_TOKEN}`] };
    const child = spawn(process.execPath, [path.join(here, 'load/autocannon.mjs'), JSON.stringify(spec)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Load) : reject(new Error(`autocannon exited ${code}`))));
  });
}

/** The database: a fresh PostgreSQL one, or PGlite in a folder the server opens afterwards. */
async function database(): Promise<{ db: Database; env: Record<string, string>; release(): Promise<void>; drop(): Promise<void> }> {
  if (onPostgres) {
    const handle = await freshDatabase(4);
    return { db: handle.db, env: { DATABASE_URL: handle.url }, release: async () => undefined, drop: () => handle.drop() };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-bench-admin-'));
  const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await handle.migrate();
  await seedDatabase(handle.db);
  return {
    db: handle.db,
    env: { DATA_DIR: dataDir },
    release: () => handle.close(),
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

const handle = await database();
try {
  await seed(handle.db);
  await handle.release();
  const server = await startCoreProcess({
    ...handle.env,
    OPS_TOKEN,
    JWT_SECRET: 'bench-secret',
    GAME_TICK_MS: '0',
    NODE_ENV: 'production',
    GAME_BEACON: 'local',
    LOG_LEVEL: 'silent',
  });
  try {
    const result = await load(`${server.url}/core/admin/dashboard?days=30`);
    console.log(
      JSON.stringify({
        bench: 'admin dashboard',
        engine: onPostgres ? 'PostgreSQL' : 'PGlite',
        users: USERS,
        bets: BETS,
        tail: TAIL,
        connections: CONNECTIONS,
        ...result,
        machine: machine(),
      }),
    );
    if (result.okEnvelopes !== result.requests) throw new Error(`refused: ${result.firstRefusal ?? 'unknown'}`);
    if (result.p99 >= LIMIT_MS) throw new Error(`p99 ${result.p99} ms is not under ${LIMIT_MS} ms`);
  } finally {
    await server.stop();
  }
} finally {
  await handle.drop();
}
