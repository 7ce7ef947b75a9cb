import pg from 'pg';
import { afterEach } from 'vitest';

/**
 * Setup of the PostgreSQL suite: a test fails when a query was sent on a client already running
 * one. That happens when queries of one transaction run concurrently (`Promise.all` over queries on
 * a `tx`): pg 8 queues them with a deprecation warning, pg 9 refuses them. Pool queries (`db`) may
 * run concurrently; a transaction's must run in turn.
 *
 * pg's own warning comes once per process (util.deprecate), and the suite's workers keep one
 * process for many files (`isolate: false`), so the check is pg's own condition, made at every
 * call: `Client.query` while the client's queue already holds a query, outside pipeline mode.
 * This file runs before every test file; the wrap is installed once per process.
 */
const STATE = Symbol.for('prism.pgStrict');
type Strict = { seen: string[] };
type Queued = { _queryQueue?: unknown[]; pipeline?: boolean };

function install(): Strict {
  const holder = globalThis as typeof globalThis & { [STATE]?: Strict };
  const existing = holder[STATE];
  if (existing) return existing;
  const state: Strict = { seen: [] };
  holder[STATE] = state;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function strictQuery(this: pg.Client & Queued, ...args: unknown[]) {
    if ((this._queryQueue?.length ?? 0) > 0 && !this.pipeline) {
      state.seen.push(new Error('a query sent while the client was already executing one').stack ?? '');
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return state;
}

const strict = install();

afterEach(() => {
  const found = strict.seen.splice(0);
  if (found.length > 0) throw new Error(`concurrent queries on one pg client (a transaction): run them in turn\n${found.join('\n')}`);
});
