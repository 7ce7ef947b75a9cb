import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * `column in ('a', 'b', ...)` for a CHECK constraint. The values come from our
 * own constants (statuses, assets); they are written as SQL literals, so only
 * plain identifiers (and locale tags such as en-US) are accepted.
 */
export function oneOf(column: AnyColumn, values: readonly string[]): SQL {
  for (const value of values) {
    if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new Error(`not a plain value for a CHECK constraint: ${value}`);
  }
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}
