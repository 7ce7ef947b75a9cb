import type { BotTransport, OutgoingButton } from '@prism/bot';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { markBlocked } from './prefs';

/**
 * One bot message's way to Telegram, shared by the first send (notifier.ts) and the retry job
 * (outboxJob.ts). A row is 'sending' while a process holds it: until its next_attempt_at (the
 * lease), no other process takes it; a process that dies mid-send leaves it to be sent again
 * once the lease is over (at least once). The outcome is written only by the holder of the
 * claim (same attempt number), so a late answer never overwrites a newer attempt.
 */

/** Longer than one send can take: auto-retry waits at most 3 x 30 s for Telegram's 429/5xx. */
export const SEND_LEASE_MS = 3 * 60_000;
/** The first retry comes this long after a failure; each next one waits twice as long, up to the cap. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_CAP_MS = 10 * 60_000;
/** A notice older than this is not sent any more (a withdrawal result a week late only confuses). */
export const NOTICE_TTL_MS = 7 * 24 * 3600_000;

export const REDACTED_TEXT = '[delivered; the text held a one-time code and is not kept]';

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** A row held for sending: `attempts` counts this one. */
export interface Claimed {
  id: number;
  chatId: number;
  /** The player it is for (null: an operator's or group chat); a 403 marks them blocked. */
  userId: number | null;
  text: string;
  buttons: OutgoingButton[][] | null;
  secret: boolean;
  attempts: number;
  /** The forum topic in a group chat, or null. */
  threadId?: number | null;
}

export type SendOutcome =
  | { status: 'sent' }
  | {
      status: 'failed';
      error: unknown;
      retryable: boolean;
      /** Telegram's 429: no message may go to it before this many ms (its retry_after). */
      retryAfterMs?: number;
      /** Telegram's 403: the player blocked the bot (now marked, their queue dropped). */
      blocked?: boolean;
    };

/** Sends a claimed row and records what happened. A failure is returned, never thrown. */
export async function sendClaimed(db: Database, transport: BotTransport, clock: Clock, row: Claimed): Promise<SendOutcome> {
  // Reading grammY's errors needs grammY: loaded already when a transport exists (server.ts), so the import is a lookup.
  try {
    const sent = await transport.send(row.chatId, {
      text: row.text,
      ...(row.buttons ? { buttons: row.buttons } : {}),
      ...(row.threadId ? { threadId: row.threadId } : {}),
    });
    await settle(db, row, {
      status: 'sent',
      text: row.secret ? REDACTED_TEXT : row.text,
      messageId: sent?.messageId ?? null,
      next: null,
      error: null,
    });
    return { status: 'sent' };
  } catch (error) {
    return failed(db, clock, row, error);
  }
}

/** Records a refused send: when to try again (Telegram's retry_after when it gave one), or never; a 403 blocks the player. */
async function failed(db: Database, clock: Clock, row: Claimed, error: unknown): Promise<SendOutcome> {
  const { GrammyError, isRetryable } = await import('@prism/bot/grammy');
  const retryable = isRetryable(error);
  const code = error instanceof GrammyError ? error.error_code : undefined;
  const retryAfterMs = code === 429 && error instanceof GrammyError ? (error.parameters.retry_after ?? 1) * 1000 : undefined;
  const delay = Math.max(retryDelayMs(row.attempts), retryAfterMs ?? 0);
  await settle(db, row, {
    status: 'failed',
    // A code the chat refused is given up: keep no copy. One that may still go keeps its text until then.
    text: row.secret && !retryable ? REDACTED_TEXT : row.text,
    messageId: null,
    next: retryable ? new Date(clock.now().getTime() + delay) : null,
    error: error instanceof Error ? error.message : String(error),
  });
  const blocked = code === 403 && row.userId !== null;
  if (blocked) await markBlocked(db, clock, row.userId as number);
  return {
    status: 'failed',
    error,
    retryable,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(blocked ? { blocked } : {}),
  };
}

interface Settlement {
  status: 'sent' | 'failed';
  text: string;
  messageId: number | null;
  next: Date | null;
  error: string | null;
}

async function settle(db: Executor, row: Claimed, s: Settlement): Promise<void> {
  await db.execute(
    sql`update bot_outbox set status = ${s.status}, text = ${s.text}, telegram_message_id = ${s.messageId},
        next_attempt_at = ${s.next?.toISOString() ?? null}::timestamptz, error = ${s.error}
        where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`,
  );
}
