import type { BotTransport, OutgoingButton } from '@prism/bot';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import { type Clock, sleep } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { type RunObserver, startRepeating } from '../../platform/repeat';
import { type Claimed, REDACTED_TEXT, SEND_LEASE_MS, sendClaimed } from './delivery';
import { PER_CHAT_GAP_MS } from './queue';

/**
 * Sends what waits in the bot outbox: topic messages whose turn has come ('queued', see queue.ts),
 * 'failed' rows whose retry time has come, and 'sending' rows whose process died mid-send (their
 * lease is over). Each row is claimed with FOR UPDATE SKIP LOCKED and leased in a short
 * transaction, then sent outside it, so two processes never send one message at the same time.
 * The state is in the table: a restart resumes where it was, and rows that fell due during
 * downtime go at the first run. A message past its expiry (a one-time code) is marked 'expired'
 * and never sent; one for a player who blocked the bot, or switched its topic off since it was
 * queued, is marked 'blocked' or 'muted'.
 *
 * Telegram's limits (docs/telegram.md, "Limits"): at most PER_SECOND sends a second overall, and
 * none to a chat that had one less than a second ago; a 429 stops the run and the job waits
 * Telegram's retry_after before the next.
 */

/** Below Telegram's ~30 messages per second for a bot (a catch-up after an outage may hold many). */
export const PER_SECOND = 25;

export interface OutboxRunOptions {
  /** Waits between sends; real time, injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Asked before each claim; false stops the run (shutdown). */
  running?: () => boolean;
  /** Real time in ms for the pacing (the limits are Telegram's, in real time); injectable for tests. */
  now?: () => number;
}

export interface OutboxRunResult {
  sent: number;
  /** Failed again: retried later, or given up when the chat refused it. */
  failed: number;
  expired: number;
  /** Not sent: the player blocked the bot or switched the topic off. */
  held: number;
  /** Telegram asked to wait (429): nothing more before this many ms from the end of the run. */
  retryAfterMs?: number;
}

interface Row extends Record<string, unknown> {
  id: string | number;
  chat_id: string | number | null;
  user_id: string | number | null;
  text: string;
  buttons: unknown;
  secret: boolean;
  attempts: number;
  thread_id: number | null;
  expired: boolean;
  held: 'blocked' | 'muted' | null;
}

/** Not sent any more: past its expiry (or no chat), or held for the player (blocked, muted). */
async function retire(tx: Executor, id: number, status: 'expired' | 'blocked' | 'muted'): Promise<void> {
  await tx.execute(
    sql`update bot_outbox set status = ${status}, next_attempt_at = null,
        text = case when secret then ${REDACTED_TEXT} else text end where id = ${id}`,
  );
}

/** Claims the first due row whose chat is not in `resting`: leased for sending, or retired. */
async function claimDue(tx: Executor, now: Date, resting: readonly number[]): Promise<Claimed | 'expired' | 'held' | undefined> {
  const at = now.toISOString();
  const notResting: SQL = resting.length
    ? sql`and (b.chat_id is null or b.chat_id not in (${sql.join(
        resting.map((chat) => sql`${chat}`),
        sql`, `,
      )}))`
    : sql``;
  const [row] = await queryRows<Row>(
    tx,
    sql`select b.id, b.chat_id, b.user_id, b.text, b.buttons, b.secret, b.attempts, b.thread_id,
               (b.expires_at is not null and b.expires_at <= ${at}::timestamptz) as expired,
               case when p.blocked_at is not null then 'blocked'
                    when b.topic is not null and not coalesce((to_jsonb(p) ->> b.topic)::boolean, b.topic <> 'reminder') then 'muted'
               end as held
        from bot_outbox b left join notification_prefs p on p.user_id = b.user_id
        where b.status in ('queued', 'failed', 'sending') and b.next_attempt_at is not null and b.next_attempt_at <= ${at}::timestamptz
          ${notResting}
        order by b.next_attempt_at, b.id limit 1
        for update of b skip locked`,
  );
  if (!row) return undefined;
  const id = Number(row.id);
  if (row.expired || row.chat_id == null) {
    await retire(tx, id, 'expired');
    return 'expired';
  }
  if (row.held) {
    await retire(tx, id, row.held);
    return 'held';
  }
  const lease = new Date(now.getTime() + SEND_LEASE_MS).toISOString();
  await tx.execute(
    sql`update bot_outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = ${lease}::timestamptz where id = ${id}`,
  );
  return {
    id,
    chatId: Number(row.chat_id),
    userId: row.user_id == null ? null : Number(row.user_id),
    text: row.text,
    buttons: (row.buttons as OutgoingButton[][] | null) ?? null,
    secret: row.secret,
    attempts: row.attempts + 1,
    threadId: row.thread_id,
  };
}

/** The chats sent to less than a second ago (the per-chat limit), forgetting older ones. */
function restingChats(lastSent: Map<number, number>, now: number): number[] {
  for (const [chat, at] of lastSent) if (now - at >= PER_CHAT_GAP_MS) lastSent.delete(chat);
  return [...lastSent.keys()];
}

/** Pacing state of one run: the overall gap and the per-chat rests. */
interface Pace {
  nextAt: number;
  lastSent: Map<number, number>;
}

/** Claims the next row to send, waiting out a chat's rest when only rested chats have rows due. */
async function claimNext(db: Database, clock: Clock, pace: Pace, options: Required<Pick<OutboxRunOptions, 'sleep' | 'now'>>) {
  for (;;) {
    const resting = restingChats(pace.lastSent, options.now());
    const claimed = await db.transaction((tx) => claimDue(tx, clock.now(), resting));
    if (claimed || resting.length === 0) return claimed;
    // Nothing else is due: wait for the first resting chat to be free, and look again.
    const first = Math.min(...pace.lastSent.values());
    await options.sleep(Math.max(0, first + PER_CHAT_GAP_MS - options.now()));
  }
}

/** Sends one claimed row at its pace and records the outcome; false when the run should stop (Telegram away or asking to wait). */
async function sendPaced(
  db: Database,
  transport: BotTransport,
  clock: Clock,
  run: { pace: Pace; sleep: (ms: number) => Promise<void>; now: () => number; result: OutboxRunResult },
  claimed: Claimed,
): Promise<boolean> {
  const { pace, result } = run;
  const wait = pace.nextAt - run.now();
  if (wait > 0) await run.sleep(wait);
  pace.nextAt = Math.max(run.now(), pace.nextAt) + 1000 / PER_SECOND;
  pace.lastSent.set(claimed.chatId, run.now());
  const outcome = await sendClaimed(db, transport, clock, claimed);
  if (outcome.status === 'sent') {
    result.sent += 1;
    return true;
  }
  result.failed += 1;
  if (outcome.retryAfterMs !== undefined) result.retryAfterMs = outcome.retryAfterMs;
  // Telegram is still away, or asked to wait: the rest waits for the next run rather than failing one by one.
  return !outcome.retryable;
}

/** Sends what is due until nothing is, or Telegram is still unreachable; safe in several processes at once. */
export async function retryOutbox(
  db: Database,
  transport: BotTransport,
  clock: Clock,
  options: OutboxRunOptions = {},
): Promise<OutboxRunResult> {
  const result: OutboxRunResult = { sent: 0, failed: 0, expired: 0, held: 0 };
  const run = { sleep: options.sleep ?? sleep, now: options.now ?? Date.now, pace: { nextAt: 0, lastSent: new Map() }, result };
  for (;;) {
    if (options.running && !options.running()) break;
    const claimed = await claimNext(db, clock, run.pace, run);
    if (!claimed) break;
    if (claimed === 'expired' || claimed === 'held') {
      result[claimed] += 1;
      continue;
    }
    if (!(await sendPaced(db, transport, clock, run, claimed))) break;
  }
  return result;
}

/** Runs the sending now and every `everyMs`; returns the stop function. server.ts starts it, as leader. */
export function startOutboxJob(
  db: Database,
  transport: BotTransport,
  clock: Clock,
  logger: Logger,
  everyMs = 5_000,
  observe?: RunObserver,
): () => Promise<void> {
  let resumeAt = 0;
  return startRepeating(
    async (running) => {
      if (Date.now() < resumeAt) return false; // Telegram's retry_after: no send before it is over
      const result = await retryOutbox(db, transport, clock, { running });
      if (result.retryAfterMs !== undefined) resumeAt = Date.now() + result.retryAfterMs;
      const worked = result.sent + result.failed + result.expired + result.held > 0;
      if (worked) logger.info(result, 'bot outbox sent');
      return worked;
    },
    { everyMs, logger, failure: 'bot outbox run stopped; due messages stay for the next run', observe },
  );
}
