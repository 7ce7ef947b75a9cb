import type { BotTransport, OutgoingButton } from '@prism/bot';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { startRepeating } from '../../platform/repeat';
import { type Claimed, REDACTED_TEXT, SEND_LEASE_MS, sendClaimed } from './delivery';

/**
 * Resends bot messages that did not reach Telegram: 'failed' rows whose retry time has come, and
 * 'sending' rows whose process died mid-send (their lease is over). Each row is claimed with
 * FOR UPDATE SKIP LOCKED and leased in a short transaction, then sent outside it, so two
 * processes never send one message at the same time. The state is in the table: a restart
 * resumes where it was, and rows that fell due during downtime go at the first run.
 * A message past its expiry (a one-time code) is marked 'expired' and never sent.
 */

/** Below Telegram's ~30 messages per second for a bot (a catch-up after an outage may hold many). */
const PER_SECOND = 25;

export interface OutboxRunOptions {
  /** Waits between sends; real time, injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Asked before each claim; false stops the run (shutdown). */
  running?: () => boolean;
}

export interface OutboxRunResult {
  sent: number;
  /** Failed again: retried later, or given up when the chat refused it. */
  failed: number;
  expired: number;
}

interface Row extends Record<string, unknown> {
  id: string | number;
  chat_id: string | number | null;
  text: string;
  buttons: unknown;
  secret: boolean;
  attempts: number;
  thread_id: number | null;
  expired: boolean;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Claims the oldest due row: leased for sending, or marked expired. */
async function claimDue(tx: Executor, now: Date): Promise<Claimed | 'expired' | undefined> {
  const at = now.toISOString();
  const [row] = await queryRows<Row>(
    tx,
    sql`select id, chat_id, text, buttons, secret, attempts, thread_id,
               (expires_at is not null and expires_at <= ${at}::timestamptz) as expired
        from bot_outbox
        where status in ('failed', 'sending') and next_attempt_at is not null and next_attempt_at <= ${at}::timestamptz
        order by id limit 1
        for update skip locked`,
  );
  if (!row) return undefined;
  const id = Number(row.id);
  if (row.expired || row.chat_id == null) {
    await tx.execute(
      sql`update bot_outbox set status = 'expired', next_attempt_at = null,
          text = case when secret then ${REDACTED_TEXT} else text end where id = ${id}`,
    );
    return 'expired';
  }
  const lease = new Date(now.getTime() + SEND_LEASE_MS).toISOString();
  await tx.execute(
    sql`update bot_outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = ${lease}::timestamptz where id = ${id}`,
  );
  return {
    id,
    chatId: Number(row.chat_id),
    text: row.text,
    buttons: (row.buttons as OutgoingButton[][] | null) ?? null,
    secret: row.secret,
    attempts: row.attempts + 1,
    threadId: row.thread_id,
  };
}

/** Sends what is due until nothing is, or Telegram is still unreachable; safe in several processes at once. */
export async function retryOutbox(
  db: Database,
  transport: BotTransport,
  clock: Clock,
  options: OutboxRunOptions = {},
): Promise<OutboxRunResult> {
  const sleep = options.sleep ?? realSleep;
  const result: OutboxRunResult = { sent: 0, failed: 0, expired: 0 };
  let nextAt = 0;
  for (;;) {
    if (options.running && !options.running()) break;
    const claimed = await db.transaction((tx) => claimDue(tx, clock.now()));
    if (!claimed) break;
    if (claimed === 'expired') {
      result.expired += 1;
      continue;
    }
    const wait = nextAt - Date.now();
    if (wait > 0) await sleep(wait);
    nextAt = Date.now() + 1000 / PER_SECOND;
    const outcome = await sendClaimed(db, transport, clock, claimed);
    if (outcome.status === 'sent') {
      result.sent += 1;
      continue;
    }
    result.failed += 1;
    // Telegram is still away: the rest waits for the next run rather than failing one by one.
    if (outcome.retryable) break;
  }
  return result;
}

/** Runs the retry now and every `everyMs`; returns the stop function. server.ts starts it, as leader. */
export function startOutboxJob(db: Database, transport: BotTransport, clock: Clock, logger: Logger, everyMs = 5_000): () => Promise<void> {
  return startRepeating(
    async (running) => {
      const result = await retryOutbox(db, transport, clock, { running });
      if (result.sent + result.failed + result.expired > 0) logger.info(result, 'bot outbox retried');
    },
    { everyMs, logger, failure: 'bot outbox retry stopped; due messages stay for the next run' },
  );
}
