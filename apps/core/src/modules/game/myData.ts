import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { ExportRow } from '../../db/pages';
import { EXPORT_PAGE_SIZE } from '../../db/pages';
import { betStatusSql } from './outcome';
import { userBetsBefore } from './userBets';

/** The player's bets for their data export, newest first (the operator's keyset pages over the user's index). */
export async function* exportBets(db: Executor, userId: number): AsyncGenerator<ExportRow> {
  let before: number | undefined;
  for (;;) {
    const page = await userBetsBefore(db, userId, before, EXPORT_PAGE_SIZE);
    yield* page.list;
    if (page.next === null) return;
    before = page.next;
  }
}

/** How many of the user's bets wait for their session's draw (account deletion waits for them). */
export async function openBetCount(db: Executor, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from game_bets b join game_sessions s on s.id = b.session_id
         where b.user_id = ${userId} and ${betStatusSql('b', 's')} = 'PENDING'`,
  );
  return Number(row?.n ?? 0);
}
