import { Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type Batcher, createBatcher } from './batcher';
import { type Executor, poolOf, poolRows, preparedRows } from './client';

/**
 * One value of a combined read: a scalar subquery (usually a json object built by the module
 * that owns the tables) and how to turn what the driver returns into the module's type. Money
 * travels as text inside json, never as a json number (no float rounding).
 */
export interface Scalar<T> {
  sql: SQL;
  read(value: unknown): T;
}

export type ScalarValues<T extends Record<string, Scalar<unknown>>> = { [K in keyof T]: ReturnType<T[K]['read']> };

/** A json column as an object: node-postgres parses json itself; a text value (another driver) is parsed here. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * Reads several modules' values in one statement (one round trip, one snapshot), prepared under
 * `name` on PostgreSQL so that it is planned once per connection: `name` must stand for one
 * shape of `parts` (the same keys and fragments; the parameters may differ).
 */
export async function selectScalars<T extends Record<string, Scalar<unknown>>>(
  db: Executor,
  name: string,
  parts: T,
): Promise<ScalarValues<T>> {
  const [row] = await preparedRows<Record<string, unknown>>(db, name, combined(parts));
  return readRow(parts, row);
}

/** The parts as the columns v0, v1 ... of one select (after `first`, a batch's place column). */
function combined(parts: Record<string, Scalar<unknown>>, first = sql``): SQL {
  const columns = sql.join(
    Object.keys(parts).map((key, i) => sql`(${parts[key]?.sql}) as ${sql.raw(`v${i}`)}`),
    sql`, `,
  );
  return sql`select ${first}${columns}`;
}

function readRow<T extends Record<string, Scalar<unknown>>>(parts: T, row: Record<string, unknown> | undefined): ScalarValues<T> {
  return Object.fromEntries(Object.keys(parts).map((key, i) => [key, parts[key]?.read(row?.[`v${i}`])])) as ScalarValues<T>;
}

/** Where each of a template's parameters comes from: a value of the call (by name), or a constant of the SQL. */
type Slot = { name: string } | { constant: unknown };
type Row = Record<string, unknown>;

/**
 * Reading many calls together (a scalarStatement's third argument): the calls that wait for the
 * pool and differ only in the value `by` (getUserInfo's: the user) go in one statement, the parts
 * once per element of an array of those values, as the bets wait and go together (db/batcher.ts).
 */
export interface ScalarBatch<V> {
  /** The value that differs from call to call; every other value groups the calls. */
  by: keyof V & string;
  /** Its SQL type, for the array that carries it. */
  type: 'bigint';
  /** Told of each statement of several calls (the operators' metrics, tests). */
  onBatch?: ((calls: number, oneByOne: boolean) => void) | undefined;
}

/**
 * selectScalars for a read of one fixed shape, whose values are all given by name in `values`:
 * `build` makes the parts from them. On the node-postgres pool the parts are built ONCE, with a
 * placeholder for each value (Drizzle's sql.placeholder), rendered once, and each call only sends
 * its values: building getUserInfo's statement (some 60 Drizzle `sql` templates) on every call was
 * a quarter of its Node CPU (docs/performance.md, "getUserInfo"). Elsewhere (PGlite, a transaction)
 * `build` runs with the values, as selectScalars does. So `build` must hand each value to SQL as it
 * is (no arithmetic or formatting in JavaScript), and each part's `read` must depend only on what
 * it reads: a figure that needs more (the day, the operator's rules) is read as a function of it.
 * With `batch`, calls that wait for the pool are read together (ScalarBatch).
 */
export function scalarStatement<V extends Record<string, unknown>, T extends Record<string, Scalar<unknown>>>(
  name: string,
  build: (values: V) => T,
  batch?: ScalarBatch<V>,
): (db: Executor, values: V) => Promise<ScalarValues<T>> {
  let template: Template<T> | undefined;
  let batcher: Batcher<V, ScalarValues<T>> | undefined;
  const alone = async (pool: pg.Pool, values: V) => {
    template ??= templateOf(build, Object.keys(values));
    const [row] = await poolRows<Row>(pool, name, template.text, paramsOf(template, values));
    return readRow(template.parts, row);
  };
  return async (db, values) => {
    const pool = poolOf(db);
    if (!pool) return selectScalars(db, name, build(values));
    if (!batch) return alone(pool, values);
    if (batcher?.pool !== pool) batcher = scalarBatcher(pool, `${name}_batch`, build, batch, alone);
    return batcher.run(values);
  };
}

interface Template<T> {
  parts: T;
  text: string;
  slots: Slot[];
}

function paramsOf(template: Template<unknown>, values: Record<string, unknown>): unknown[] {
  return template.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.constant));
}

/** The name of the array parameter a batch's statement carries the `by` values in. */
const BATCH_VALUES = 'batch_values';
/** The most calls read together in one statement. */
const BATCH_MAX = 32;

/**
 * The batcher of a scalarStatement with `batch`: a call alone is the statement as without it; calls
 * read together are one statement over an array of their `by` values, each part reading the array's
 * element (`batch_value.v`) where the call's value stood, one row per call (`batch.n`, its place). A read
 * changed nothing, so a batch that fails is read again call by call.
 */
function scalarBatcher<V extends Record<string, unknown>, T extends Record<string, Scalar<unknown>>>(
  pool: pg.Pool,
  name: string,
  build: (values: V) => T,
  batch: ScalarBatch<V>,
  alone: (pool: pg.Pool, values: V) => Promise<ScalarValues<T>>,
): Batcher<V, ScalarValues<T>> {
  let template: Template<T> | undefined;
  const groupNames = (values: V) => Object.keys(values).filter((key) => key !== batch.by);
  return createBatcher<V, ScalarValues<T>>({
    pool,
    one: (values) => alone(pool, values),
    many: async (calls) => {
      const first = calls[0] as V;
      template ??= batchTemplateOf(build, groupNames(first), batch);
      const params = paramsOf(template, { ...first, [BATCH_VALUES]: calls.map((call) => call[batch.by]) });
      const rows = await poolRows<Row>(pool, name, template.text, params);
      const answers = new Array<ScalarValues<T>>(calls.length);
      for (const row of rows) answers[Number(row.n) - 1] = readRow((template as Template<T>).parts, row);
      if (rows.length !== calls.length) throw new Error(`${name} answered ${rows.length} of ${calls.length} calls`);
      return answers;
    },
    retryAlone: () => true,
    maxBatch: BATCH_MAX,
    // Calls read together share every value but `by` (getUserInfo's: the day).
    groupOf: (values) =>
      groupNames(values)
        .map((key) => String(values[key]))
        .join('\u0000'),
    onBatch: batch.onBatch,
  });
}

const dialect = new PgDialect();

function templateOf<V, T extends Record<string, Scalar<unknown>>>(build: (values: V) => T, names: string[]): Template<T> {
  const parts = build(Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as V);
  return rendered(parts, combined(parts), names);
}

function batchTemplateOf<V, T extends Record<string, Scalar<unknown>>>(
  build: (values: V) => T,
  names: string[],
  batch: ScalarBatch<V>,
): Template<T> {
  const values = { ...Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])), [batch.by]: sql.raw('batch_value.v') };
  const parts = build(values as V);
  const array = sql`${sql.placeholder(BATCH_VALUES)}::${sql.raw(batch.type)}[]`;
  // The calls' places come from a series of fixed length, cut to the array's: planned from
  // `unnest` of the array, a plan for the values (a custom one) knows how many there are and is
  // always dearer than the generic plan guesses, so PostgreSQL never kept the generic plan and
  // planned every batch afresh. With the fixed series both guess the same rows and the generic
  // plan is kept after five (info.api.test.ts).
  const over = sql`generate_series(1, ${sql.raw(String(BATCH_MAX))}) as batch(n)
    cross join lateral (select (${array})[batch.n] as v) as batch_value where batch.n <= cardinality(${array})`;
  return rendered(parts, sql`${combined(parts, sql`batch.n, `)} from ${over}`, [...names, BATCH_VALUES]);
}

function rendered<T>(parts: T, statement: SQL, names: string[]): Template<T> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const slots = params.map((param): Slot => (param instanceof Placeholder ? { name: param.name } : { constant: param }));
  for (const slot of slots)
    if ('name' in slot && !names.includes(slot.name)) throw new Error(`the statement uses a value it was not given: ${slot.name}`);
  // A value JavaScript touched would be frozen in the text or the constants as "[object Object]".
  if (
    text.includes('[object Object]') ||
    params.some((param) => !(param instanceof Placeholder) && String(param).includes('[object Object]'))
  )
    throw new Error('a part of the statement computed on a value in JavaScript: pass it to SQL as it is');
  return { parts, text, slots };
}
