import { readFileSync } from 'node:fs';
import os from 'node:os';
import { DEFAULT_ODDS } from '@prism/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, queryRows } from '../db/client';
import { gameLevels } from '../modules/game/schema';
import { transferBatch } from '../modules/ledger/ledger';
import { seedDatabase } from '../seeds';

const TICKS = 100;

/**
 * A PostgreSQL backend's CPU time so far in ms: /proc/<pid>/schedstat's time on CPU (nanoseconds),
 * else utime+stime from /proc/<pid>/stat (10 ms ticks, too coarse for short blocks). The server
 * must run on this machine.
 */
export function backendCpuMs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  }
}

/** The CPU so far of every client backend of `db`'s database, by pid (for `cpuSpentMs`). */
export async function databaseCpu(db: Database): Promise<Map<number, number>> {
  const rows = await queryRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(Number(pid), backendCpuMs(Number(pid)));
    } catch {
      // Gone between the query and the read: it spent nothing we can still count.
    }
  }
  return cpu;
}

/** The CPU ms the database's backends spent between two `databaseCpu` readings (a backend new since `before` counts from 0). */
export function cpuSpentMs(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

/** The V8 flags scripts/start.mjs gives the server on PostgreSQL (read from it): for processes a bench starts as production would. */
export function startFlagsOnPostgres(): string[] {
  const listed = /const V8_FLAGS_POSTGRES = \[([^\]]*)\]/.exec(readFileSync('scripts/start.mjs', 'utf8'))?.[1];
  const flags = (listed ?? '').replace(/['",]/g, ' ').split(/\s+/).filter(Boolean);
  if (flags.length === 0) throw new Error('scripts/start.mjs: V8_FLAGS_POSTGRES not found');
  return flags;
}

/** Where benchmarks run: a fresh database on BENCH_DATABASE_URL's server (PostgreSQL only). */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function freshDatabase(poolSize: number) {
  const name = `prism_bench_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize });
  await handle.migrate();
  await seedDatabase(handle.db);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** `count` players (phones 0000000001...), each given 100,000,000.00 CHIP from the rewards account; their ids in order. */
export async function seedFundedPlayers(db: Database, count: number): Promise<number[]> {
  await db.execute(
    sql`insert into users (phone, area_code, password_hash, invitation_code) select lpad(g::text, 10, '0'), '91', 'x', 'H' || g from generate_series(1, ${count}) g`,
  );
  const userIds = (await queryRows<{ id: number }>(db, sql`select id from users order by id`)).map((r) => Number(r.id));
  await db.transaction((tx) =>
    transferBatch(
      tx,
      userIds.map((userId, i) => ({
        asset: 'CHIP' as const,
        from: { system: 'rewards' as const },
        to: { userId },
        amount: 10_000_000_000n,
        type: 'reward' as const,
        reference: `bench-fund:${i}`,
      })),
      new Date(),
    ),
  );
  return userIds;
}

/** The benches' betting room (level 8): one base of 10.00, multiple 1, no cap that a bench reaches. */
export async function insertBenchRoom(db: Database, sessionSeconds: number): Promise<void> {
  await db.insert(gameLevels).values({
    level: 8,
    levelName: 'Bench bets',
    sessionSeconds,
    betCloseSeconds: 5,
    betBaseAmounts: '1000',
    betMultiples: '1',
    chipMinLimit: 100n,
    chipMaxLimit: 10_000_000n,
    betAmountMax: 1_000_000_000_000n,
    odds: DEFAULT_ODDS,
  });
}

export interface Measured {
  operations: number;
  failures: number;
  /** The first failure's message, so a broken run says why. */
  firstError?: string;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Runs `work` from `concurrency` loops for `seconds`, timing each call (milliseconds). */
export async function measure(
  concurrency: number,
  seconds: number,
  work: (worker: number, i: number) => Promise<unknown>,
): Promise<Measured> {
  const latencies: number[] = [];
  let failures = 0;
  let firstError: string | undefined;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        const t = performance.now();
        try {
          await work(worker, i);
          latencies.push(performance.now() - t);
        } catch (error) {
          failures++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 100) / 100;
  return {
    operations: latencies.length,
    failures,
    ...(firstError ? { firstError } : {}),
    seconds: Math.round(elapsed * 10) / 10,
    perSecond: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
  };
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} x ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** A small deterministic random source, so runs are comparable. */
export function lcg(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % max;
  };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 100 ticks a second). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The bet as tight as we can write it, with the statements of place_bet in its order (since
 * migration 0045: the session, the accounts, then the player's rows): the session and its room
 * FOR SHARE, the self-exclusion lookup, the user's account and the house shard found by one
 * statement (as ledger_move_to_system does: the server knows neither id), the conditional debit
 * and the house credit in id order, the user's stake in the session raised within the cap, the
 * transfer, the bet, the turnover, the player's figures (the
 * quarter's stake and the running totals) and the Idempotency-Key with its answer. No validation logic (the room's lists and limits), no wire answer built.
 * Until the bet-sql round (docs/performance-history.md) the account ids were handed in, which spared bare the lookup
 * that place_bet cannot skip.
 */
export const BARE_FUNCTION = `
create or replace function bare_bet(p_user bigint, p_shard integer, p_session bigint, p_key text, p_now timestamptz)
returns bigint language plpgsql as $$
declare s record; v_until timestamptz; v_bet bigint; p_account bigint; p_house bigint;
begin
  select gs.status, gs.period_id, l.bet_amount_max into s
    from game_sessions gs join game_levels l on l.level = gs.level where gs.id = p_session for share of gs;
  if s.status <> 'open' then raise exception 'session closed'; end if;
  select excluded_until into v_until from player_protection where user_id = p_user;
  select (select id from ledger_accounts where user_id = p_user and asset = 'CHIP' and balance >= 1000),
         (select id from ledger_accounts where system_name = 'house' and asset = 'CHIP' and shard = p_shard)
    into p_account, p_house;
  if p_account is null then raise exception 'insufficient'; end if;
  if p_account < p_house then
    update ledger_accounts set balance = balance - 1000 where id = p_account and balance >= 1000;
    if not found then raise exception 'insufficient'; end if;
    update ledger_accounts set balance = balance + 1000 where id = p_house;
  else
    update ledger_accounts set balance = balance + 1000 where id = p_house;
    update ledger_accounts set balance = balance - 1000 where id = p_account and balance >= 1000;
    if not found then raise exception 'insufficient'; end if;
  end if;
  insert into game_session_stakes as st (session_id, user_id, staked) values (p_session, p_user, 1000)
    on conflict (session_id, user_id) do update set staked = st.staked + excluded.staked where st.staked + excluded.staked <= s.bet_amount_max;
  if not found then raise exception 'cap'; end if;
  insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
    values ('CHIP', p_account, p_house, 1000, 'bet', 'bet:' || p_key, p_now);
  insert into game_bets (order_no, user_id, session_id, level, period_id, bet_name, base_amount, multiples, total, fee, coin, status, created_at)
    values (p_key, p_user, p_session, 8, s.period_id, 'Big', 1000, 1, 1000, 20, 'CHIP', 'PENDING', p_now) returning id into v_bet;
  insert into turnover (user_id, currency, done) values (p_user, 'CASH', 1000)
    on conflict (user_id, currency) do update set done = turnover.done + excluded.done;
  insert into game_user_quarters as q (user_id, quarter, settled, coin, staked, bets)
    values (p_user, date_bin('900 seconds', p_now, timestamptz '2000-01-01 00:00:00+00'), false, 'CHIP', 1000, 1)
    on conflict (user_id, quarter, settled, coin) do update set staked = q.staked + excluded.staked, bets = q.bets + 1;
  insert into game_user_totals as t (user_id, staked_cash, staked_all) values (p_user, 1000, 1000)
    on conflict (user_id) do update set staked_cash = t.staked_cash + excluded.staked_cash, staked_all = t.staked_all + excluded.staked_all;
  insert into idempotency_keys (user_id, key, route, request_hash, outcome, created_at)
    values (p_user, p_key, 'betting', 'bare', jsonb_build_object('ok', true, 'result', jsonb_build_object('id', v_bet)), p_now);
  return v_bet;
end $$`;

/**
 * Bare bets placed together, as the product places them under load (drizzle/0045_place_bets.sql):
 * the session FOR SHARE and every account the bets touch (the users' CHIP accounts and the house
 * shard) locked first in id order, then bare_bet for each. The bare HTTP baseline sends a batch of
 * the bets that waited while its pool's connections were busy (load/bareBet.ts, BARE_BATCH): the
 * strongest bare way to do the same work now that the product does it so.
 */
export const BARE_BATCH_FUNCTION = `
create or replace function bare_bets(p_users bigint[], p_shard integer, p_session bigint, p_keys text[], p_now timestamptz)
returns bigint[] language plpgsql as $$
declare v_ids bigint[] := '{}';
begin
  perform 1 from game_sessions where id = p_session for share;
  perform 1 from ledger_accounts where (user_id = any (p_users) and asset = 'CHIP') or (system_name = 'house' and asset = 'CHIP' and shard = p_shard)
    order by id for update;
  for i in 1 .. cardinality(p_users) loop
    v_ids := array_append(v_ids, bare_bet(p_users[i], p_shard, p_session, p_keys[i], p_now));
  end loop;
  return v_ids;
end $$`;

/** The form body of one bench bet (10.00 CHIP on Big) in a session: the same bet in every HTTP bench. */
export function benchBetBody(sessionId: number): string {
  return new URLSearchParams({
    gameSessionId: String(sessionId),
    betName: 'Big',
    baseAmount: '10',
    betMultiples: '1',
    totalBetAmount: '10.00',
    coin: 'CHIP',
  }).toString();
}
