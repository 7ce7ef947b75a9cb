import { setTimeout as pause } from 'node:timers/promises';
import pg from 'pg';
import { postgresUrl } from './database';

/**
 * Which users' rows a piece of work touches, on PostgreSQL (docs/scaling.md, "100,000 bets/s: the
 * Citus layout"): the single-shard guard of the bet path. Installed into one test database:
 *
 * - writes: an AFTER row trigger on every table records (table, owner) of each row inserted,
 *   updated or deleted;
 * - reads: row-level security on every table, with a policy for the app's role whose USING clause
 *   records (table, owner) of each row the statement looks at. PostgreSQL evaluates the query's own
 *   cheap leakproof conditions (user_id = $1, id = $1) before a policy's function, so a statement
 *   that names its user is recorded for that user's rows only; one that does not (a whole session's
 *   bets) is recorded for every row it scans, whoever owns it;
 * - the app's connections are switched to that role (a non-superuser, which row-level security
 *   applies to) by the database's `role` setting and a reconnect; this probe's own connection stays
 *   the superuser, and records nothing while it is disarmed.
 *
 * A row's owner is its user_id (users: id; ledger_accounts: user_id, or none for a house account,
 * recorded by its id; ledger_transfers: both accounts' owners). Rows with no owner are reference
 * rows (a session, a room). Touches of another user's rows are also counted in a sequence, which
 * a rollback does not undo (an Idempotency-Key replay fails place_bet's statement and rolls it back).
 */
export interface Touched {
  /** Rows of users other than the armed one, counted even in statements rolled back. */
  strays: number;
  /** Distinct owners of user rows seen (committed statements). */
  users: number[];
  /** Distinct house (system) accounts seen. */
  houses: number[];
  /** 'read <table>' / 'write <table>' for each reference table (no owner) touched. */
  references: string[];
  /** 'read <table>' / 'write <table>' for every table touched (committed statements). */
  tables: string[];
}

export interface ShardProbe {
  /** The role the app's connections now run as (row-level security applies to it). */
  role: string;
  /** Runs `work` armed for `userId` and answers what it touched. */
  watch<T>(userId: number, work: () => Promise<T>): Promise<{ answer: T; touched: Touched }>;
  /** Disconnects, runs `dropDatabase` (the test context's close), then drops the role, which owns grants in that database until then. */
  close(dropDatabase: () => Promise<void>): Promise<void>;
}

const INSTALL = `
create schema probe;
create table probe.state (armed boolean not null, bettor bigint);
insert into probe.state values (false, null);
create table probe.log (kind text not null, tbl text not null, owner bigint, house bigint);
create sequence probe.strays;

create function probe.touch(p_kind text, p_tbl text, p_owner bigint, p_house bigint) returns boolean
language plpgsql security definer set search_path = public as $$
declare s probe.state;
begin
  select * into s from probe.state;
  if s.armed then
    if p_owner is not null and p_owner is distinct from s.bettor then perform nextval('probe.strays'); end if;
    insert into probe.log values (p_kind, p_tbl, p_owner, p_house);
  end if;
  return true;
end $$;

create function probe.account(p_kind text, p_tbl text, p_account bigint) returns boolean
language plpgsql security definer set search_path = public as $$
declare a record;
begin
  select id, user_id into a from ledger_accounts where id = p_account;
  return probe.touch(p_kind, p_tbl, a.user_id, case when a.user_id is null then p_account end);
end $$;

create function probe.on_write() returns trigger
language plpgsql security definer set search_path = public as $$
declare r jsonb;
begin
  foreach r in array array[case when tg_op <> 'INSERT' then to_jsonb(old) end, case when tg_op <> 'DELETE' then to_jsonb(new) end] loop
    continue when r is null;
    if tg_table_name = 'ledger_transfers' then
      perform probe.account('write', tg_table_name, (r->>'from_account_id')::bigint);
      perform probe.account('write', tg_table_name, (r->>'to_account_id')::bigint);
    elsif tg_table_name = 'ledger_accounts' then
      perform probe.touch('write', tg_table_name, (r->>'user_id')::bigint, case when r->>'user_id' is null then (r->>'id')::bigint end);
    else
      perform probe.touch('write', tg_table_name, (r->>(case when tg_table_name = 'users' then 'id' else 'user_id' end))::bigint, null);
    end if;
  end loop;
  return null;
end $$;
`;

/** The policy's USING clause per table: whose row it is (see Touched). */
const INSTRUMENT = `
do $$
declare t record; owner text;
begin
  for t in select c.relname, exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'user_id' and not a.attisdropped) as has_user
             from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') loop
    owner := case
      when t.relname = 'ledger_transfers' then 'probe.account(''read'', ''ledger_transfers'', from_account_id) and probe.account(''read'', ''ledger_transfers'', to_account_id)'
      when t.relname = 'ledger_accounts' then 'probe.touch(''read'', ''ledger_accounts'', user_id, case when user_id is null then id end)'
      when t.relname = 'users' then 'probe.touch(''read'', ''users'', id, null)'
      when t.has_user then format('probe.touch(''read'', %L, user_id::bigint, null)', t.relname)
      else format('probe.touch(''read'', %L, null, null)', t.relname) end;
    execute format('alter table public.%I enable row level security', t.relname);
    execute format('create policy probe_rows on public.%I to %I using (%s) with check (true)', t.relname, current_setting('probe.role'), owner);
    execute format('create trigger zz_probe after insert or update or delete on public.%I for each row execute function probe.on_write()', t.relname);
  end loop;
end $$;
`;

/**
 * Installs the probe into the database `ctxDatabase` (a test context's, dropped with it) and moves
 * the app's connections to a fresh non-superuser role.
 */
export async function installShardProbe(ctxDatabase: string): Promise<ShardProbe> {
  const role = `prism_probe_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: postgresUrl(ctxDatabase) });
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query(`create role ${role} nologin`);
  await admin.query(`set probe.role = '${role}'`);
  await admin.query(INSTALL);
  await admin.query(INSTRUMENT);
  await admin.query(`grant usage on schema public, probe to ${role};
    grant all on all tables in schema public to ${role}; grant all on all sequences in schema public to ${role}`);
  await switchAppConnections(admin, ctxDatabase, role);
  return {
    role,
    watch: (userId, work) => watch(admin, userId, work),
    async close(dropDatabase) {
      await admin.end();
      await dropDatabase();
      const server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await server.connect();
      await server.query(`drop role if exists ${role}`).finally(() => server.end());
    },
  };
}

/** New connections take the role; the app's open ones are ended, and its pool reconnects by itself. */
async function switchAppConnections(admin: pg.Client, database: string, role: string): Promise<void> {
  await admin.query(`alter database ${database} set role = '${role}'`);
  const others = `from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_start < $2`;
  const [{ now }] = (await admin.query<{ now: Date }>('select clock_timestamp() as now')).rows as [{ now: Date }];
  await admin.query(`select pg_terminate_backend(pid) ${others}`, [database, now]);
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query<{ n: number }>(`select count(*)::int as n ${others}`, [database, now]);
    if (rows[0]?.n === 0) break;
    await pause(20);
  }
  // The pool hears of its ended connections asynchronously: give it a moment to drop them.
  await pause(200);
}

async function watch<T>(admin: pg.Client, userId: number, work: () => Promise<T>): Promise<{ answer: T; touched: Touched }> {
  await admin.query(`truncate probe.log; select setval('probe.strays', 1, false)`);
  await admin.query('update probe.state set armed = true, bettor = $1', [userId]);
  let answer: T;
  try {
    answer = await work();
  } finally {
    await admin.query('update probe.state set armed = false, bettor = null');
  }
  const { rows } = await admin.query<Omit<Touched, 'references'> & { refs: string[] }>(
    `select (select case when is_called then last_value else 0 end from probe.strays)::int as strays,
            coalesce((select array_agg(distinct owner::int order by owner::int) from probe.log where owner is not null), '{}') as users,
            coalesce((select array_agg(distinct house::int order by house::int) from probe.log where house is not null), '{}') as houses,
            coalesce((select array_agg(distinct kind || ' ' || tbl order by kind || ' ' || tbl) from probe.log where owner is null and house is null), '{}') as refs,
            coalesce((select array_agg(distinct kind || ' ' || tbl order by kind || ' ' || tbl) from probe.log), '{}') as tables`,
  );
  const { refs, ...row } = rows[0] as Omit<Touched, 'references'> & { refs: string[] };
  return { answer, touched: { ...row, references: refs } };
}
