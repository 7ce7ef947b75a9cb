import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/** How many accounts were created since each instant given (the operator dashboard's new players), in one read. */
export async function usersCreatedSince(db: Executor, since: readonly Date[]): Promise<number[]> {
  if (since.length === 0) return [];
  const columns = sql.join(
    since.map((at, i) => sql`count(*) filter (where created_at >= ${at.toISOString()}::timestamptz)::int as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  const earliest = new Date(Math.min(...since.map((at) => at.getTime())));
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select ${columns} from users where created_at >= ${earliest.toISOString()}::timestamptz`,
  );
  return since.map((_, i) => Number(row?.[`c${i}`] ?? 0));
}
