import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * The bot messages still on their way (the operator dashboard's bot backlog): those the retry job
 * will send (`pending`: failed or being sent, with a next attempt), and of them the ones a send
 * already failed (`failed`). Answered from the due index (bot_outbox_due_idx), never the whole outbox.
 */
export async function botBacklog(db: Executor): Promise<{ pending: number; failed: number }> {
  const [row] = await queryRows<{ pending: number; failed: number }>(
    db,
    sql`select count(*)::int as pending, count(*) filter (where status = 'failed')::int as failed
          from bot_outbox where status in ('failed', 'sending') and next_attempt_at is not null`,
  );
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
}
