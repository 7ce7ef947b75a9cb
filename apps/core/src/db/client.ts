import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { inlineText, renderNamed } from './render';

/**
 * No relational schema: every query names its tables through the owning module's functions
 * (Drizzle's `db.query` API is not used), so the ground knows no module's tables.
 */
export type Schema = Record<string, never>;
/** The Drizzle database, whichever driver is underneath (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (once across processes, under an advisory lock on PostgreSQL). */
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel (NOTIFY reaches every process on the database). On
   * PostgreSQL a dedicated connection listens and reconnects by itself.
   * Returns the function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** Arbitrary but fixed: serialises migrations of several core processes starting at once. */
const MIGRATION_LOCK_ID = 7_204_118_001;

export interface DatabaseOptions {
  /** postgres://... for PostgreSQL; otherwise PGlite is used. */
  url?: string | undefined;
  /** The primary itself, for session-level work (migrations, LISTEN) when `url` is a transaction-mode pooler. Default: url. */
  directUrl?: string | undefined;
  /** unnamed: no named prepared statements (PgBouncer before 1.21 in transaction mode). Default: named. */
  statements?: 'named' | 'unnamed';
  /** PGlite directory; undefined keeps the database in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** A PGlite instance to adopt (tests clone a migrated template this way). */
  pglite?: PGlite;
}

/** The embedded database's folder inside DATA_DIR (the server, the CLI and the tests' copies agree on it). */
export const pgliteDirOf = (dataDir: string): string => path.join(dataDir, 'pglite');

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (!options.url) return openPglite(options);
  return openPostgres({
    url: options.url,
    directUrl: options.directUrl ?? options.url,
    poolSize: options.poolSize ?? 10,
    statements: options.statements ?? 'named',
  });
}

/**
 * PGlite and its Drizzle driver are loaded only here, in embedded mode: a server on PostgreSQL
 * never needs their code (docs/performance.md, "Memory").
 */
async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) {
      mkdirSync(path.dirname(options.dataDir), { recursive: true });
      await createPgliteDir(options.dataDir);
    }
    // 32 MB of shared buffers instead of initdb's 128 MB: PGlite reserves them up front in its
    // WebAssembly memory (~120 MB of RSS measured), and its files sit in the OS page cache anyway.
    // (A start parameter, not postgresql.conf: PGlite appends its conf lines to the file on every open.)
    client = options.dataDir
      ? new PGlite(options.dataDir, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] })
      : new PGlite();
  }
  await client.waitReady;
  const pglite = client;
  const db = drizzlePglite(pglite) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder: MIGRATIONS_DIR }),
    listen: async (channel, onMessage) => {
      const stop = await pglite.listen(channel, onMessage);
      return stop;
    },
    close: () => pglite.close(),
  };
}

const PGLITE_INIT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'pgliteInit.mjs');

/**
 * The first start creates the data directory in a child process (pgliteInit.mjs): PGlite's initdb
 * grows its WebAssembly memory to about 870 MB, and that memory is never given back, so done here
 * the server would keep it for its whole life. Opened afterwards, the same directory costs about
 * 370 MB, as on every later start (docs/performance.md, `npm run bench -- memory`).
 */
async function createPgliteDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [PGLITE_INIT, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4_000);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the PGlite data directory failed (${code}): ${errors}`)),
    );
  });
}

interface PostgresOptions {
  url: string;
  directUrl: string;
  poolSize: number;
  statements: 'named' | 'unnamed';
}

/**
 * Pools whose statements go unnamed: through PgBouncer in transaction mode (before 1.21) a named
 * statement prepared on one server connection is missing on the next transaction's.
 */
const unnamedPools = new WeakSet<pg.Pool>();

/**
 * A node-postgres pool with this project's rules: statements named or unnamed as configured, and a
 * dropped connection never crashes the process. Idle ones are replaced by the pool; a client in use
 * emits 'error' too, which needs a listener (the query's promise still fails, and the request
 * answers 503 'briefly unavailable').
 */
export function createPool(options: pg.PoolConfig & { statements: 'named' | 'unnamed' }): pg.Pool {
  const { statements, ...config } = options;
  const pool = new pg.Pool(config);
  if (statements === 'unnamed') unnamedPools.add(pool);
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** The Drizzle database over a pool of createPool's (preparedRows and preparedStatement see its pool), its transactions hardened. */
export function databaseOver(pool: pg.Pool): Database {
  const db = drizzleNodePg(pool) as unknown as Database;
  releaseClientsOnFailure(db, pool);
  return db;
}

/** The node-postgres pool under `db`, or undefined on PGlite (and inside a transaction). */
export function poolOf(db: Executor): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

async function openPostgres({ url, directUrl, poolSize, statements }: PostgresOptions): Promise<DatabaseHandle> {
  const pool = createPool({ connectionString: url, max: poolSize, statements });
  const db = databaseOver(pool);
  return {
    db,
    kind: 'postgres',
    // A session-level advisory lock and a multi-statement migration: on the primary itself, never through a pooler.
    async migrate() {
      const connection = new pg.Client({ connectionString: directUrl });
      connection.on('error', () => undefined);
      await connection.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(connection), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        await connection.end().catch(() => undefined);
      }
    },
    listen: (channel, onMessage) => listenPostgres(directUrl, channel, onMessage),
    close: () => pool.end(),
  };
}

/**
 * Drizzle's node-postgres transaction runs BEGIN outside its try/finally, so a
 * connection that dies at BEGIN is never given back to the pool, and a client
 * whose ROLLBACK failed goes back as if healthy. Repeated database hiccups
 * would drain the pool until every request hung. This replaces that one
 * method: the client is always released, and destroyed when BEGIN, COMMIT or
 * ROLLBACK failed on it. (Tested by faults.pg.test.ts: connections cut under load.)
 */
function releaseClientsOnFailure(db: Database, pool: pg.Pool): void {
  const session = (db as unknown as { session: NodePgSession<Schema, ExtractTablesWithRelations<Schema>> }).session;
  const { dialect, schema: relational, options } = session as unknown as { dialect: never; schema: never; options: never };
  session.transaction = async <T>(
    work: (tx: NodePgTransaction<Schema, ExtractTablesWithRelations<Schema>>) => Promise<T>,
    config?: unknown,
  ): Promise<T> => {
    if (config) throw new Error('transaction options are not supported');
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const tx = new NodePgTransaction<Schema, ExtractTablesWithRelations<Schema>>(
        dialect,
        new NodePgSession(client, dialect, relational, options),
        relational,
      );
      try {
        await tx.execute(sql`begin`);
      } catch (error) {
        broken = error as Error;
        throw error;
      }
      try {
        const result = await work(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`).catch((rollbackError: unknown) => {
          broken = rollbackError as Error;
        });
        throw error;
      }
    } finally {
      client.release(broken);
    }
  };
}

/** A connection of its own for LISTEN; after a connection loss it reconnects with backoff. */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    const again = () => {
      if (stopped || client !== next) return;
      client = undefined;
      retry = setTimeout(() => void connect(attempt + 1), Math.min(10_000, 250 * 2 ** attempt));
      retry.unref();
    };
    next.on('error', again);
    next.on('end', again);
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      attempt = 0;
    } catch {
      again();
    }
  };
  await connect(0);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs `statements` in ONE round trip and returns the last one's rows: sent
 * together as a simple query, they run as one implicit transaction (all commit
 * or none), each statement with a snapshot of its own, taken when it starts (so
 * one that follows a lock wait sees what the lock's holder committed). Their
 * values are written into the text (inlineText: only values the server
 * computed). Inside a transaction (neither pool nor PGlite underneath) they run
 * one by one in it.
 */
export async function scriptRows<T extends Record<string, unknown>>(db: Executor, statements: readonly SQL[]): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  const script = () => statements.map((statement) => inlineText(statement)).join(';\n');
  if (client instanceof pg.Pool) {
    const results = (await client.query(script())) as unknown as pg.QueryResult<T> | pg.QueryResult<T>[];
    return (Array.isArray(results) ? results.at(-1)?.rows : results.rows) ?? [];
  }
  if (isPglite(client)) return ((await client.exec(script())).at(-1)?.rows ?? []) as T[];
  let rows: T[] = [];
  for (const statement of statements) rows = await queryRows<T>(db, statement);
  return rows;
}

const isPglite = (client: unknown): client is Pick<PGlite, 'exec'> =>
  typeof client === 'object' && client !== null && typeof (client as { exec?: unknown }).exec === 'function';

const dialect = new PgDialect();

/**
 * Runs `query` as a named prepared statement when `db` is the node-postgres
 * database itself (parsed and planned once per connection: the hot paths,
 * e.g. a bet); inside a transaction, or on PGlite, as an ordinary query.
 * `name` must stand for one SQL text (the parameters may differ).
 */
export async function preparedRows<T extends Record<string, unknown>>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const client = poolOf(db);
  if (client) {
    const { sql: text, params } = renderNamed(name, query);
    return poolRows<T>(client, name, text, params);
  }
  return queryRows<T>(db, query);
}

/** A statement's text and values on the pool: prepared under `name`, unless the pool sends every statement unnamed (DATABASE_STATEMENTS). */
export async function poolRows<T extends Record<string, unknown>>(
  client: pg.Pool,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const result = await client.query<T>(unnamedPools.has(client) ? { text, values } : { name, text, values });
  return result.rows;
}

/**
 * preparedRows for a hot statement whose SQL text never changes: `build` makes the statement from
 * its values, in the order they appear in it. On the node-postgres pool the text is built once
 * (from placeholders) and each call sends only the values: no statement built and rendered per
 * call (Drizzle's `sql` and `sqlToQuery` were about 3 % of a bet's Node CPU). Elsewhere (PGlite, a
 * transaction) `build` runs with the values, as preparedRows does.
 */
export function preparedStatement<V extends readonly unknown[]>(name: string, build: (values: V) => SQL, arity: V['length']) {
  let text: string | undefined;
  return async <T extends Record<string, unknown>>(db: Executor, values: V): Promise<T[]> => {
    const client = poolOf(db);
    if (client) {
      text ??= renderOnce(build, arity);
      return poolRows<T>(client, name, text, values as unknown as unknown[]);
    }
    return queryRows<T>(db, build(values));
  };
}

function renderOnce<V extends readonly unknown[]>(build: (values: V) => SQL, arity: number): string {
  const { sql: text, params } = dialect.sqlToQuery(build(Array.from({ length: arity }, () => null) as unknown as V));
  // Every value must be a parameter, in order: a value rendered into the text would be frozen in it.
  if (params.length !== arity) throw new Error(`a prepared statement takes ${arity} values, its text has ${params.length}`);
  return text;
}

/** The constraint a database error names (a unique or CHECK violation), whether the driver's own error or wrapped by Drizzle. */
export function sqlConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/** The SQLSTATE of a database error, whether the driver's own or wrapped by Drizzle. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
