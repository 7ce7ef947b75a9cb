import type { Locale, Paged, SysMessage } from '@prism/domain';
import { AppError } from '@prism/domain';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { sysMessages } from './schema';
import { type MessageKind, renderMessage } from './templates';

/** Writes a system message, inside the caller's transaction so it exists exactly when its cause does. */
export async function postMessage(
  tx: Executor,
  clock: Clock,
  userId: number,
  kind: MessageKind,
  params: Record<string, string>,
): Promise<void> {
  await tx.insert(sysMessages).values({ userId, kind, params, createdAt: clock.now() });
}

/** Many messages in one INSERT (set-based jobs), inside the caller's transaction. */
export async function postMessages(
  tx: Executor,
  now: Date,
  messages: readonly { userId: number; kind: MessageKind; params: Record<string, string> }[],
): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(sysMessages).values(messages.map((m) => ({ ...m, createdAt: now })));
}

/**
 * One message to each user the `recipients` query yields (its `user_id` column, in its order), as an
 * `insert ... returning id, user_id` for the caller to put in its own statement: a broadcast posts to
 * everyone and records each delivery in one statement. `params` is a jsonb expression.
 */
export function postMessagesSql(recipients: SQL, kind: MessageKind, params: SQL, now: Date): SQL {
  return sql`insert into sys_messages (user_id, kind, params, created_at)
    select r.user_id, ${kind}::text, ${params}, ${now.toISOString()}::timestamptz from (${recipients}) r
    returning id, user_id`;
}

const toWire = (row: typeof sysMessages.$inferSelect, locale: Locale): SysMessage => ({
  id: row.id,
  kind: row.kind,
  ...renderMessage(row.kind, row.params as Record<string, string>, locale),
  read: row.readAt != null,
  createDateTime: row.createdAt.toISOString(),
});

export function createMessageService(db: Executor, clock: Clock) {
  return {
    async list(userId: number, pageNo: number, pageSize: number, locale: Locale): Promise<Paged<SysMessage> & { unread: number }> {
      const mine = eq(sysMessages.userId, userId);
      const [rows, [total], [unread]] = await Promise.all([
        db
          .select()
          .from(sysMessages)
          .where(mine)
          .orderBy(desc(sysMessages.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ n: count() }).from(sysMessages).where(mine),
        db
          .select({ n: count() })
          .from(sysMessages)
          .where(and(mine, isNull(sysMessages.readAt))),
      ]);
      return { content: rows.map((row) => toWire(row, locale)), totalElements: total?.n ?? 0, pageNo, unread: unread?.n ?? 0 };
    },

    async get(userId: number, id: number, locale: Locale): Promise<SysMessage> {
      const [row] = await db
        .select()
        .from(sysMessages)
        .where(and(eq(sysMessages.id, id), eq(sysMessages.userId, userId)));
      if (!row) throw new AppError('NO_MESSAGE');
      return toWire(row, locale);
    },

    async markRead(userId: number, id: number): Promise<void> {
      const updated = await db
        .update(sysMessages)
        .set({ readAt: clock.now() })
        .where(and(eq(sysMessages.id, id), eq(sysMessages.userId, userId)))
        .returning({ id: sysMessages.id });
      if (updated.length === 0) throw new AppError('NO_MESSAGE');
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
