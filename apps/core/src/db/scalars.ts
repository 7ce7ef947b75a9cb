import { type SQL, sql } from 'drizzle-orm';
import { type Executor, preparedRows } from './client';

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
  const keys = Object.keys(parts);
  const columns = sql.join(
    keys.map((key, i) => sql`(${parts[key]?.sql}) as ${sql.raw(`v${i}`)}`),
    sql`, `,
  );
  const [row] = await preparedRows<Record<string, unknown>>(db, name, sql`select ${columns}`);
  return Object.fromEntries(keys.map((key, i) => [key, parts[key]?.read(row?.[`v${i}`])])) as ScalarValues<T>;
}
