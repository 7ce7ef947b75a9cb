import type { BroadcastView, Paged } from '@prism/domain';

export type { BroadcastView };

import { count, desc, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { postMessagesSql } from '../message';
import { everyUserIdSql, telegramChatSql } from '../user';
import { broadcasts } from './schema';

export interface NewBroadcast {
  title: string;
  text: string;
  createdBy: string;
}

/**
 * Operator broadcasts. Creating one writes, in one transaction and one
 * statement each, the broadcast, one sys_message per user and one delivery row
 * per user (unique per broadcast and user); the delivery job (job.ts) then
 * sends the Telegram copies.
 */
export function createBroadcastService(db: Database, clock: Clock) {
  async function telegramCounts(ids: number[]): Promise<Map<number, Record<string, number>>> {
    const out = new Map<number, Record<string, number>>();
    if (ids.length === 0) return out;
    const rows = await queryRows<{ broadcast_id: string | number; telegram_status: string; n: string | number }>(
      db,
      sql`select broadcast_id, telegram_status, count(*) as n from broadcast_deliveries
          where broadcast_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) group by broadcast_id, telegram_status`,
    );
    for (const row of rows) {
      const id = Number(row.broadcast_id);
      const counts = out.get(id) ?? {};
      counts[row.telegram_status] = Number(row.n);
      out.set(id, counts);
    }
    return out;
  }

  const toView = (row: typeof broadcasts.$inferSelect, telegram: Record<string, number> = {}): BroadcastView => ({
    id: row.id,
    title: row.title,
    text: row.body,
    createdBy: row.createdBy,
    createDateTime: row.createdAt.toISOString(),
    status: row.status,
    recipients: row.recipients,
    telegram,
  });

  return {
    async create(input: NewBroadcast): Promise<BroadcastView> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(broadcasts)
          .values({ title: input.title, body: input.text, createdBy: input.createdBy, createdAt: now, status: 'delivering', recipients: 0 })
          .returning();
        if (!created) throw new Error('broadcast insert returned nothing');
        const params = sql`jsonb_build_object('broadcastId', ${String(created.id)}::text, 'title', ${input.title}::text, 'text', ${input.text}::text)`;
        const [posted] = await queryRows<{ n: string | number }>(
          tx,
          sql`with posted as (
                ${postMessagesSql(everyUserIdSql(), 'broadcast', params, now)}
              ), delivered as (
                insert into broadcast_deliveries (broadcast_id, user_id, message_id, telegram_status)
                select ${created.id}, p.user_id, p.id, case when ${telegramChatSql(sql`p.user_id`)} is null then 'none' else 'pending' end
                from posted p
                on conflict (broadcast_id, user_id) do nothing
                returning 1
              )
              select count(*) as n from delivered`,
        );
        const recipients = Number(posted?.n ?? 0);
        const [updated] = await tx.update(broadcasts).set({ recipients }).where(sql`${broadcasts.id} = ${created.id}`).returning();
        return updated ?? created;
      });
      return toView(row, (await telegramCounts([row.id])).get(row.id));
    },

    async list(pageNo: number, pageSize: number): Promise<Paged<BroadcastView>> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(broadcasts)
          .orderBy(desc(broadcasts.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ n: count() }).from(broadcasts),
      ]);
      const counts = await telegramCounts(rows.map((row) => row.id));
      return { content: rows.map((row) => toView(row, counts.get(row.id))), totalElements: total?.n ?? 0, pageNo };
    },
  };
}

export type BroadcastService = ReturnType<typeof createBroadcastService>;
