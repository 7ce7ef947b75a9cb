import {
  DAILY_INCOME_TYPES,
  type IncomeCredit,
  localDate,
  localDayBounds,
  notifyTexts,
  REBATE_TYPES,
  reminderDue,
  summarizeIncome,
} from '@prism/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { type RunObserver, startRepeating } from '../../platform/repeat';
import type { TransferType } from '../ledger';
import { userCreditsBetween } from '../ledger';
import { findUserLocale } from '../user';
import { enqueueTopicMessage, heldRow, recipientOf } from './queue';

/**
 * The daily notices (docs/telegram.md, "Notifications"): the sign-in reminder at each player's own
 * time, and one summary a day of the rebates and daily income paid. Each is claimed in the
 * transaction that queues it (the reminder by the player's reminded_on, the summary by its
 * notify_daily_runs row), so two processes, a restart or a leader change never send one twice;
 * and what fell due while no process ran goes at the next run (the reminder within two hours of
 * its time, the summary for the last SUMMARY_CATCH_UP_DAYS days).
 */

export interface DailyNoticeDeps {
  db: Database;
  clock: Clock;
  /** The platform's time zone (its day is the sign-in's and the summary's). */
  timeZone: () => Promise<string>;
  /** Whether the user signed in on a platform day (checkIn's door). */
  signedInOn: (userId: SQL, day: string) => SQL<boolean>;
  /** A bot runs: messages are queued for it; without one they go to the outbox (the app's dev view). */
  hasBot: boolean;
}

/** A summary older than this is not sent after downtime: income of a week ago is old news. */
export const SUMMARY_CATCH_UP_DAYS = 2;

interface Candidate extends Record<string, unknown> {
  user_id: string | number;
  reminder_time: string;
  time_zone: string;
  reminded_on: string | null;
}

/** Queues (or records as held) one topic message in `tx`. */
async function queueIn(tx: Executor, deps: DailyNoticeDeps, userId: number, kind: string, text: string, topic: 'reminder' | 'income') {
  const recipient = await recipientOf(tx, userId, topic);
  const draft = { userId, chatId: recipient.chatId, kind, message: { text }, options: { topic } };
  if (recipient.held) return heldRow(tx, deps.clock, { ...draft, status: recipient.held });
  return enqueueTopicMessage(tx, deps.clock, { ...draft, queued: deps.hasBot && recipient.chatId !== undefined });
}

/** The reminders due now: claimed per player and local day, skipped for a player who already signed in today. */
export async function sendDueReminders(deps: DailyNoticeDeps): Promise<number> {
  const { db, clock } = deps;
  const now = clock.now();
  const platformDay = localDate(now, await deps.timeZone());
  const candidates = await queryRows<Candidate>(
    db,
    sql`select user_id, reminder_time, time_zone, reminded_on::text as reminded_on from notification_prefs
        where reminder and blocked_at is null`,
  );
  let sent = 0;
  for (const c of candidates) {
    const decision = reminderDue(now, { reminderTime: c.reminder_time, timeZone: c.time_zone }, c.reminded_on);
    if (decision.due === 'no') continue;
    const userId = Number(c.user_id);
    const queued = await db.transaction(async (tx) => {
      const [claimed] = await queryRows<{ signed: boolean }>(
        tx,
        sql`update notification_prefs set reminded_on = ${decision.day}::date
            where user_id = ${userId} and (reminded_on is null or reminded_on < ${decision.day}::date)
            returning ${deps.signedInOn(sql`${userId}`, platformDay)} as signed`,
      );
      if (!claimed || claimed.signed || decision.due === 'missed') return false;
      await queueIn(tx, deps, userId, 'sign_in_reminder', notifyTexts(await findUserLocale(tx, userId)).reminder, 'reminder');
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

const SUMMARY_TYPES: readonly string[] = [...REBATE_TYPES, ...DAILY_INCOME_TYPES];

/** Every player's rebates and daily income paid in [from, to), per type and coin. */
async function creditsBetween(tx: Executor, from: Date, to: Date): Promise<Map<number, IncomeCredit[]>> {
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const parts = SUMMARY_TYPES.map(
    (type) => sql`select ${type}::text as type, c.user_id, c.asset, c.amount::text as amount
                  from (${userCreditsBetween(type as TransferType, at(from), at(to))}) c`,
  );
  const rows = await queryRows<{ type: string; user_id: string | number; asset: string; amount: string }>(
    tx,
    sql`${sql.join(parts, sql` union all `)} order by user_id`,
  );
  const byUser = new Map<number, IncomeCredit[]>();
  for (const r of rows) {
    const id = Number(r.user_id);
    byUser.set(id, [...(byUser.get(id) ?? []), { type: r.type, asset: r.asset, amount: BigInt(r.amount) }]);
  }
  return byUser;
}

/** One platform day's summaries, claimed by its notify_daily_runs row in the same transaction: once, ever. */
async function summarizeDay(deps: DailyNoticeDeps, day: string, zone: string): Promise<number | undefined> {
  return deps.db.transaction(async (tx) => {
    const [claim] = await queryRows<{ day: string }>(
      tx,
      sql`insert into notify_daily_runs (job, day, messages, ran_at) values ('income', ${day}::date, 0, ${deps.clock.now().toISOString()}::timestamptz)
          on conflict do nothing returning day::text as day`,
    );
    if (!claim) return undefined;
    const { start, end } = localDayBounds(day, zone);
    let messages = 0;
    for (const [userId, credits] of await creditsBetween(tx, start, end)) {
      const lines = summarizeIncome(credits);
      if (lines.length === 0) continue;
      const t = notifyTexts(await findUserLocale(tx, userId));
      const text = [t.incomeTitle(day), ...lines.map(t.incomeLine), '', t.footer].join('\n');
      await queueIn(tx, deps, userId, 'income_summary', text, 'income');
      messages += 1;
    }
    await tx.execute(sql`update notify_daily_runs set messages = ${messages} where job = 'income' and day = ${day}::date`);
    return messages;
  });
}

/** The summaries of the finished platform days not yet summarized (the last SUMMARY_CATCH_UP_DAYS). */
export async function sendIncomeSummaries(deps: DailyNoticeDeps): Promise<{ day: string; messages: number }[]> {
  const zone = await deps.timeZone();
  const today = localDate(deps.clock.now(), zone);
  const done: { day: string; messages: number }[] = [];
  for (let back = SUMMARY_CATCH_UP_DAYS; back >= 1; back--) {
    const day = new Date(Date.parse(`${today}T12:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
    const messages = await summarizeDay(deps, day, zone);
    if (messages !== undefined) done.push({ day, messages });
  }
  return done;
}

/** Runs both now and every `everyMs` (a minute: reminders are to the minute); returns the stop function. */
export function startDailyNoticeJob(deps: DailyNoticeDeps, logger: Logger, everyMs = 60_000, observe?: RunObserver): () => Promise<void> {
  return startRepeating(
    async () => {
      const reminders = await sendDueReminders(deps);
      const summaries = await sendIncomeSummaries(deps);
      if (reminders > 0 || summaries.length > 0) logger.info({ reminders, summaries }, 'daily notices queued');
      return reminders > 0 || summaries.length > 0;
    },
    { everyMs, logger, failure: 'daily notices stopped; what is due goes at the next run', observe },
  );
}
