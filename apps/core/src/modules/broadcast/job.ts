import type { BotTransport } from '@prism/bot';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import { type Clock, sleep } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { type RunObserver, startRepeating } from '../../platform/repeat';
import { notificationHeldSql } from '../notify';
import { telegramChatSql } from '../user';

/**
 * Sends broadcasts to the users' Telegram chats. Each delivery is claimed with
 * FOR UPDATE SKIP LOCKED in its own transaction that also marks it, so two
 * runners never send the same row and a run that stops (crash, shutdown,
 * `limit`) leaves exactly the unsent rows pending for the next run.
 * Paced below Telegram's ~30 messages per second for a bot.
 */

/** Deliveries still to send to Telegram (the operators' outbox metric): counted from the pending partial index. */
export async function broadcastBacklog(db: Executor): Promise<number> {
  const [row] = await queryRows<{ pending: number }>(
    db,
    sql`select count(*)::int as pending from broadcast_deliveries where telegram_status = 'pending'`,
  );
  return Number(row?.pending ?? 0);
}

/** Telegram allows a bot about 30 messages per second to different chats; stay below it. */
export const BROADCAST_PER_SECOND = 25;

/** 429s in a row before the run gives up (the row stays pending for the next run). */
const MAX_FLOOD_WAITS = 5;

export interface DeliveryRunOptions {
  perSecond?: number;
  /** Stop after this many sends (tests: an interrupted run). */
  limit?: number;
  /** Waits (rate pacing, Telegram's retry_after); real time, injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Asked before each claim; false stops the run (shutdown). */
  running?: () => boolean;
}

export interface DeliveryRunResult {
  sent: number;
  failed: number;
  blocked: number;
}

interface Claimed extends Record<string, unknown> {
  id: string | number;
  chat_id: string | number | null;
  /** The player switched notices off or blocked the bot (notify's choices): the message list has it, Telegram does not. */
  held: boolean;
  title: string;
  body: string;
}

async function claimOne(tx: Executor): Promise<Claimed | undefined> {
  const [row] = await queryRows<Claimed>(
    tx,
    sql`select d.id, ${telegramChatSql(sql`d.user_id`)} as chat_id, ${notificationHeldSql(sql`d.user_id`, 'notices')} as held, b.title, b.body
        from broadcast_deliveries d
        join broadcasts b on b.id = d.broadcast_id
        where d.telegram_status = 'pending'
        order by d.id
        limit 1
        for update of d skip locked`,
  );
  return row;
}

async function mark(tx: Executor, id: number, status: string, now: Date, error?: string): Promise<void> {
  await tx.execute(
    sql`update broadcast_deliveries set telegram_status = ${status}, error = ${error ?? null},
        sent_at = ${status === 'sent' ? now.toISOString() : null}::timestamptz where id = ${id}`,
  );
}

type DeliveryStep = 'done' | 'next' | { retryAfter: number };

/** Claims and sends one pending delivery in `tx`: done when none is left, retryAfter on Telegram's 429. */
async function deliverOne(tx: Executor, transport: BotTransport, clock: Clock, result: DeliveryRunResult): Promise<DeliveryStep> {
  const row = await claimOne(tx);
  if (!row) return 'done';
  const id = Number(row.id);
  if (row.chat_id == null) {
    await mark(tx, id, 'none', clock.now()); // the chat was unlinked since: the message list has it
    return 'next';
  }
  if (row.held) {
    await mark(tx, id, 'muted', clock.now());
    return 'next';
  }
  try {
    await transport.send(Number(row.chat_id), { text: row.title ? `${row.title}\n\n${row.body}` : row.body });
    await mark(tx, id, 'sent', clock.now());
    result.sent += 1;
    return 'next';
  } catch (error) {
    return failedSend(tx, id, clock, result, error);
  }
}

/** What a refused send becomes: a wait (429), a retry next run (network: thrown), or a failed or blocked mark. */
async function failedSend(tx: Executor, id: number, clock: Clock, result: DeliveryRunResult, error: unknown): Promise<DeliveryStep> {
  // grammY's errors are read with grammY, loaded when the bot runs (server.ts): the import is a lookup.
  const { GrammyError, deliveryFailureOf } = await import('@prism/bot/grammy');
  // 429: the row stays pending (commit without a mark) and is claimed again after the wait.
  if (error instanceof GrammyError && error.error_code === 429) return { retryAfter: error.parameters.retry_after ?? 1 };
  // Not Telegram's answer (network): throw, the row stays pending, and the next run resumes here.
  if (!(error instanceof GrammyError)) throw error;
  const blocked = deliveryFailureOf(error) === 'chat';
  await mark(tx, id, blocked ? 'blocked' : 'failed', clock.now(), error.description);
  result[blocked ? 'blocked' : 'failed'] += 1;
  return 'next';
}

/** Sends pending deliveries until none is left (or `limit`); safe to run in several processes at once. */
export async function deliverBroadcasts(
  db: Database,
  transport: BotTransport,
  clock: Clock,
  options: DeliveryRunOptions = {},
): Promise<DeliveryRunResult> {
  const gapMs = 1000 / (options.perSecond ?? BROADCAST_PER_SECOND);
  const pause = options.sleep ?? sleep;
  const result: DeliveryRunResult = { sent: 0, failed: 0, blocked: 0 };
  let nextAt = 0;
  let floodWaits = 0;
  while (options.limit === undefined || result.sent + result.failed + result.blocked < options.limit) {
    if (options.running && !options.running()) break;
    // Waits happen outside the transaction: on PGlite an open transaction holds the whole database.
    const wait = nextAt - Date.now();
    if (wait > 0) await pause(wait);
    nextAt = Math.max(Date.now(), nextAt) + gapMs;
    const step = await db.transaction((tx) => deliverOne(tx, transport, clock, result));
    if (step === 'done') break;
    if (step === 'next') {
      floodWaits = 0;
      continue;
    }
    if (++floodWaits > MAX_FLOOD_WAITS) break; // Telegram keeps refusing: the next run tries again
    await pause(step.retryAfter * 1000);
    nextAt = Date.now() + gapMs;
  }
  await db.execute(
    sql`update broadcasts b set status = 'done' where status = 'delivering'
        and not exists (select 1 from broadcast_deliveries d where d.broadcast_id = b.id and d.telegram_status = 'pending')`,
  );
  return result;
}

/** Runs the delivery now and every `everyMs`; returns the stop function. Only server.ts starts it, as leader. */
export function startBroadcastJob(
  db: Database,
  transport: BotTransport,
  clock: Clock,
  logger: Logger,
  everyMs = 5_000,
  observe?: RunObserver,
): () => Promise<void> {
  return startRepeating(
    async (running) => {
      const result = await deliverBroadcasts(db, transport, clock, { running });
      const worked = result.sent + result.failed + result.blocked > 0;
      if (worked) logger.info(result, 'broadcasts delivered to Telegram');
      return worked;
    },
    { everyMs, logger, failure: 'broadcast delivery stopped; the rest stays pending for the next run', observe },
  );
}
