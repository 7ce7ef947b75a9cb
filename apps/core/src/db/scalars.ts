import { Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/** The parts as the columns v0, v1 ... of one select. */
function combined(parts: Record<string, Scalar<unknown>>): SQL {
  const columns = sql.join(
    Object.keys(parts).map((key, i) => sql`(${parts[key]?.sql}) as ${sql.raw(`v${i}`)}`),
    sql`, `,
  );
  return sql`select ${columns}`;
}

function readRow<T extends Record<string, Scalar<unknown>>>(parts: T, row: Record<string, unknown> | undefined): ScalarValues<T> {
  return Object.fromEntries(Object.keys(parts).map((key, i) => [key, parts[key]?.read(row?.[`v${i}`])])) as ScalarValues<T>;
}

/** Where each of a template's parameters comes from: a value of the call (by name), or a constant of the SQL. */
type Slot = { name: string } | { constant: unknown };

/**
 * selectScalars for a read of one fixed shape, whose values are all given by name in `values`:
 * `build` makes the parts from them. On the node-postgres pool the parts are built ONCE, with a
 * placeholder for each value (Drizzle's sql.placeholder), rendered once, and each call only sends
 * its values: building getUserInfo's statement (some 60 Drizzle `sql` templates) on every call was
 * a quarter of its Node CPU (docs/performance.md, "getUserInfo"). Elsewhere (PGlite, a transaction)
 * `build` runs with the values, as selectScalars does. So `build` must hand each value to SQL as it
 * is (no arithmetic or formatting in JavaScript), and each part's `read` must depend only on what
 * it reads: a figure that needs more (the day, the operator's rules) is read as a function of it.
 */
export function scalarStatement<V extends Record<string, unknown>, T extends Record<string, Scalar<unknown>>>(
  name: string,
  build: (values: V) => T,
): (db: Executor, values: V) => Promise<ScalarValues<T>> {
  let template: { parts: T; text: string; slots: Slot[] } | undefined;
  return async (db, values) => {
    const pool = poolOf(db);
    if (!pool) return selectScalars(db, name, build(values));
    template ??= templateOf(build, Object.keys(values));
    const params = template.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.constant));
    const [row] = await poolRows<Record<string, unknown>>(pool, name, template.text, params);
    return readRow(template.parts, row);
  };
}

const dialect = new PgDialect();

function templateOf<V, T extends Record<string, Scalar<unknown>>>(build: (values: V) => T, names: string[]) {
  const parts = build(Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as V);
  const { sql: text, params } = dialect.sqlToQuery(combined(parts));
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
