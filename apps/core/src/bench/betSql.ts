import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../db/client';
import { checkLedgerAndBets } from '../ledgerCheck';
import { createLocalBeacon } from '../modules/game/beacon';
import { loadRoom } from '../modules/game/rooms';
import { ensureCurrentSession } from '../modules/game/sessions';
import { SYSTEM_SHARDS } from '../modules/ledger/ledger';
import { systemClock } from '../platform/clock';
import { cryptoRandom } from '../platform/random';
import { BARE_FUNCTION, backendCpuMs, freshDatabase, insertBenchRoom, machine, seedFundedPlayers } from './support';

/**
 * `npm run bench -- betSql`: the PostgreSQL CPU of one bet, place_bet and place_bets with one bet (what
 * a bet costs when it goes alone) against bare_bet (bench/support.ts) and against bare_bet_ids (the same with both account ids handed in, as bare_bet was before),
 * each called BENCH_CALLS times per round on ONE connection (a named prepared statement, 50 users in
 * turn), the backend's CPU time read from /proc before and after each block: CPU per call without
 * HTTP, Node or concurrency. They take turns in blocks of BENCH_BLOCK calls, BENCH_ROUNDS rounds of BENCH_CALLS each,
 * so all meet the same machine load; each round also gives each case's ratio to bare_bet.
 * BENCH_VARIANTS=file.sql adds functions (`create function v_<name>(...)` with place_bet's
 * arguments) measured the same way: what a part of place_bet costs, by leaving it out.
 */
const CALLS = Number(process.env.BENCH_CALLS ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BLOCK = Number(process.env.BENCH_BLOCK ?? 100);
const USERS = 50;

/** bare_bet as it was before the bet-sql round (docs/performance-history.md): both account ids handed in, no lookup. */
function bareWithIds(): string {
  const lookup =
    / {2}select \(select id from ledger_accounts[^;]*;\n {2}if p_account is null then raise exception 'insufficient'; end if;\n/;
  const text = BARE_FUNCTION.replace(
    'bare_bet(p_user bigint, p_shard integer,',
    'bare_bet_ids(p_user bigint, p_account bigint, p_house bigint,',
  )
    .replace('; p_account bigint; p_house bigint;', ';')
    .replace(lookup, '');
  if (text.includes('p_shard') || !text.includes('bare_bet_ids')) throw new Error('bare_bet changed: update bareWithIds');
  return text;
}

/**
 * BENCH_BEFORE=1: v_before, place_bet as it was before migration 0040 (0037's definition) with the
 * stake valued by prism_coin_value as 0023 wrote it (LANGUAGE sql, renamed coin_value_sql), both read
 * from the migrations, so the two are measured in the same run (docs/performance.md, "place_bet").
 */
function placeBetBefore(): string {
  const drizzle = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
  const statement = (file: string, head: string) => {
    const text = readFileSync(path.join(drizzle, file), 'utf8');
    const start = text.indexOf(head);
    return text.slice(start, text.indexOf('$$;', start) + 3);
  };
  const value = statement('0023_stake_value.sql', 'CREATE OR REPLACE FUNCTION prism_coin_value(').replace(
    'prism_coin_value(',
    'coin_value_sql(',
  );
  const before = statement('0037_my_play_figures.sql', 'CREATE OR REPLACE FUNCTION place_bet(')
    .replace('FUNCTION place_bet(', 'FUNCTION v_before(')
    .replace(
      'prism_stake_turnover(p_coin, p_total)',
      "coin_value_sql(p_coin, p_total, CASE WHEN p_coin = 'USDT' THEN 'USDT' ELSE 'CASH' END)",
    )
    .replace("prism_coin_value(p_coin, p_total, 'CASH')", "coin_value_sql(p_coin, p_total, 'CASH')");
  if (!value.includes('LANGUAGE sql') || /prism_(stake_turnover|coin_value)\(p_/.test(before))
    throw new Error('the migrations changed: update placeBetBefore');
  return `${value};\n${before}`;
}

const db = await freshDatabase(4);
const out: Record<string, unknown> = { benchmark: 'betsql', machine: machine(), calls: CALLS, rounds: ROUNDS };
try {
  const userIds = await seedFundedPlayers(db.db, USERS);
  await db.db.execute(
    sql`insert into ledger_accounts (asset, system_name, shard) select 'CHIP', 'house', g from generate_series(0, ${SYSTEM_SHARDS - 1}) g on conflict do nothing`,
  );
  await insertBenchRoom(db.db, 86_400);
  const chainDeps = { secret: 'bench', random: cryptoRandom, clock: systemClock, length: 100, beacon: createLocalBeacon() };
  const level = await loadRoom(db.db, 8);
  const open = await db.db.transaction((tx) => ensureCurrentSession(tx, chainDeps, level, new Date()));
  if (!open) throw new Error('no open session');
  const sessionId = open.session.id;
  await db.db.execute(sql.raw(BARE_FUNCTION));
  await db.db.execute(sql.raw(bareWithIds()));
  const variants: string[] = [];
  if (process.env.BENCH_BEFORE === '1') {
    await db.db.execute(sql.raw(placeBetBefore()));
    variants.push('v_before');
  }
  if (process.env.BENCH_VARIANTS) {
    const text = readFileSync(process.env.BENCH_VARIANTS, 'utf8');
    await db.db.execute(sql.raw(text));
    for (const match of text.matchAll(/function (v_\w+)\(/gi)) variants.push(match[1] as string);
  }

  const houses = (
    await queryRows<{ id: number }>(
      db.db,
      sql`select id from ledger_accounts where system_name = 'house' and asset = 'CHIP' order by shard`,
    )
  ).map((r) => Number(r.id));
  const accountOf = new Map(
    (
      await queryRows<{ id: number; user_id: number }>(
        db.db,
        sql`select id, user_id from ledger_accounts where user_id is not null and asset = 'CHIP'`,
      )
    ).map((r) => [Number(r.user_id), Number(r.id)]),
  );
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const pid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
  if (process.env.BENCH_SYNC !== 'on') await client.query('set synchronous_commit = off');

  type Call = (i: number, tag: string) => Promise<unknown>;
  // Each bet's order-number suffix, unique across cases and rounds (a slice of the tag collided
  // between variants whose names end alike).
  let orderSeq = 0;
  const placeBetCall =
    (fn: string): Call =>
    (i, tag) => {
      const userId = userIds[i % USERS] as number;
      const key = `${tag}-${i}`;
      return client.query({
        name: fn,
        text: `select ${fn}($1::bigint, $2::bigint, $3::text, $4::bigint, $5::integer, $6::bigint, $7::text, $8::text, $9::integer, $10::integer, $11::timestamptz, $12::text, $13::text, $14::text) as answer`,
        values: [
          userId,
          sessionId,
          'Big',
          1000,
          1,
          1000,
          'CHIP',
          String(++orderSeq).padStart(8, '0'),
          i % SYSTEM_SHARDS,
          200,
          new Date().toISOString(),
          key,
          'betting',
          'x'.repeat(64),
        ],
      });
    };
  const cases: Record<string, Call> = {
    place_bet: placeBetCall('place_bet'),
    // What the product sends for a bet that finds the pool free: place_bets with one bet (its locks
    // taken first, then place_bet; drizzle/0045_place_bets.sql). Under load it carries several.
    place_bets: (i, tag) => {
      const userId = userIds[i % USERS] as number;
      return client.query({
        name: 'place_bets',
        text: `select place_bets($1::bigint[], $2::bigint, $3::text[], $4::bigint[], $5::integer[], $6::bigint[], $7::text[], $8::text[],
          $9::integer, $10::integer, $11::timestamptz[], $12::text[], $13::text[], $14::text[]) as answer`,
        values: [
          [userId],
          sessionId,
          ['Big'],
          [1000],
          [1],
          [1000],
          ['CHIP'],
          [String(++orderSeq).padStart(8, '0')],
          i % SYSTEM_SHARDS,
          200,
          [new Date().toISOString()],
          [`${tag}-${i}`],
          ['betting'],
          ['x'.repeat(64)],
        ],
      });
    },
    bare_bet: (i, tag) => {
      const userId = userIds[i % USERS] as number;
      const key = `${tag}-${i}`;
      return client.query({
        name: 'bare_bet',
        text: 'select bare_bet($1, $2, $3, $4, $5) as id',
        values: [userId, i % SYSTEM_SHARDS, sessionId, key, new Date().toISOString()],
      });
    },
    bare_bet_ids: (i, tag) => {
      const userId = userIds[i % USERS] as number;
      return client.query({
        name: 'bare_bet_ids',
        text: 'select bare_bet_ids($1, $2, $3, $4, $5, $6) as id',
        values: [userId, accountOf.get(userId), houses[i % SYSTEM_SHARDS], sessionId, `${tag}-${i}`, new Date().toISOString()],
      });
    },
  };
  for (const name of variants) cases[name] = placeBetCall(name);
  // BENCH_ONLY=place_bet: that case alone (e.g. to attach perf to the backend, whose pid goes to stderr).
  if (process.env.BENCH_ONLY) for (const name of Object.keys(cases)) if (name !== process.env.BENCH_ONLY) delete cases[name];
  console.error(`backend pid ${pid}`);

  const cpu: Record<string, number[]> = {};
  // A warm-up call of each: plans cached, the catalog read.
  for (const [name, call] of Object.entries(cases)) for (let i = 0; i < 200; i++) await call(i, `w-${name}`);
  // Each round runs the cases in blocks of BLOCK calls, taking turns block by block (the order
  // reversed every other block), so a change in the machine's load falls on all of them alike; each
  // case's CPU per call in the round is the sum over its blocks.
  for (let round = 0; round < ROUNDS; round++) {
    const spent: Record<string, number> = {};
    for (let block = 0; block * BLOCK < CALLS; block++) {
      const order = Object.keys(cases);
      if (block % 2 === 1) order.reverse();
      for (const name of order) {
        const call = cases[name] as Call;
        const before = backendCpuMs(pid);
        for (let i = block * BLOCK; i < Math.min(CALLS, (block + 1) * BLOCK); i++) await call(i, `${name}-${round}`);
        spent[name] = (spent[name] ?? 0) + backendCpuMs(pid) - before;
      }
    }
    for (const [name, ms] of Object.entries(spent)) cpu[name] = [...(cpu[name] ?? []), Math.round((ms / CALLS) * 1000) / 1000];
  }
  await client.end();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  out.loadAverage = os.loadavg().map((v) => Math.round(v * 10) / 10);
  out.postgresCpuMsPerCall = Object.fromEntries(
    Object.entries(cpu).map(([name, values]) => [name, { median: median(values), runs: values }]),
  );
  // Each case against bare_bet round by round (the same minutes): the median and range of the ratio.
  const bareRuns = cpu.bare_bet ?? [];
  out.ratioToBare = Object.fromEntries(
    Object.entries(cpu)
      .filter(([name]) => name !== 'bare_bet')
      .map(([name, values]) => {
        const ratios = values.map((v, i) => Math.round((v / (bareRuns[i] ?? v)) * 100) / 100);
        return [name, { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) }];
      }),
  );
  out.ledgerCheck = (await checkLedgerAndBets(db.db)).ok;
  console.log(JSON.stringify(out, null, 2));
} finally {
  // BENCH_KEEP=1: the database stays (its URL on stderr), e.g. for pgbench with several clients.
  if (process.env.BENCH_KEEP === '1') {
    console.error(`kept ${db.url}`);
    await db.close();
  } else await db.drop();
}
