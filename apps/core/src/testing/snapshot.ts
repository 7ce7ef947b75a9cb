import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';

/**
 * A fingerprint of every table's contents, to assert that a refused request
 * changed nothing: compare the snapshot before and after.
 */
export async function snapshotDatabase(db: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ digest: string | null; n: number }>(
      db,
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*)::int as n from "${name}" t`),
    );
    out[name] = `${row?.n}:${row?.digest}`;
  }
  return out;
}
