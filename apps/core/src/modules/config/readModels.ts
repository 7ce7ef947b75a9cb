import { type SQL, sql } from 'drizzle-orm';

/**
 * One setting's stored value (null when unset) as a scalar subquery, for a statement that must
 * read it in its own snapshot (the team's effective invitations). The key is written as a literal,
 * as the statements using it were.
 */
export function configValueSql(key: string): SQL {
  if (!/^[A-Z0-9_]+$/.test(key)) throw new Error(`not a setting key: ${key}`);
  return sql`(select value from sys_config where key = ${sql.raw(`'${key}'`)})`;
}
