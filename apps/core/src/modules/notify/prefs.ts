import {
  DEFAULT_CHOICES,
  NOTIFICATION_TOPICS,
  type NotificationChoices,
  type NotificationSettingsView,
  type NotificationTopic,
  reminderDue,
} from '@prism/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ExportRow } from '../../db/pages';
import type { Clock } from '../../platform/clock';
import { findTelegramChat } from '../user';
import { botOutbox, notificationPrefs } from './schema';

/**
 * The player's notification choices (docs/telegram.md, "Notifications"): one row, read and written
 * by the app's routes and the bot's /settings alike.
 */

type PrefsRow = typeof notificationPrefs.$inferSelect;

function choicesOf(row: PrefsRow | undefined): NotificationChoices {
  if (!row) return DEFAULT_CHOICES;
  return {
    topics: { results: row.results, income: row.income, reminder: row.reminder, notices: row.notices },
    reminderTime: row.reminderTime,
    timeZone: row.timeZone,
  };
}

async function prefsRow(db: Executor, userId: number): Promise<PrefsRow | undefined> {
  const [row] = await db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId));
  return row;
}

/** The choices and whether the bot can reach the player. */
export async function notificationSettings(db: Executor, userId: number): Promise<NotificationSettingsView> {
  const row = await prefsRow(db, userId);
  const chat = await findTelegramChat(db, userId);
  return { ...choicesOf(row), saved: row?.chosenAt != null, linked: chat != null, blocked: row?.blockedAt != null };
}

/**
 * Saves the whole choice (the caller validated it). A reminder whose time already passed today
 * starts tomorrow: saving at 20:30 a reminder for 20:00 sends nothing now.
 */
export async function saveNotificationChoices(db: Executor, clock: Clock, userId: number, choice: NotificationChoices): Promise<void> {
  const now = clock.now();
  const today = reminderDue(now, choice, null);
  const values = {
    ...choice.topics,
    reminderTime: choice.reminderTime,
    timeZone: choice.timeZone,
    chosenAt: now,
    updatedAt: now,
  };
  const remindedOn = today.due === 'no' ? sql`null` : sql`${today.day}::date`;
  await db
    .insert(notificationPrefs)
    .values({ userId, ...values, ...(today.due === 'no' ? {} : { remindedOn: today.day }) })
    .onConflictDoUpdate({
      target: notificationPrefs.userId,
      // Once a day stays once a day: a day already reminded stays so, whatever the new time.
      set: { ...values, remindedOn: sql`greatest(${notificationPrefs.remindedOn}, ${remindedOn})` },
    });
}

/** One topic on or off (the bot's buttons), keeping the rest. */
export async function setTopic(db: Executor, clock: Clock, userId: number, topic: NotificationTopic, on: boolean): Promise<void> {
  const current = choicesOf(await prefsRow(db, userId));
  await saveNotificationChoices(db, clock, userId, { ...current, topics: { ...current.topics, [topic]: on } });
}

/** The reminder at `time` (and on), keeping the zone (the bot offers day hours only). */
export async function setReminderTime(db: Executor, clock: Clock, userId: number, time: string): Promise<void> {
  const current = choicesOf(await prefsRow(db, userId));
  await saveNotificationChoices(db, clock, userId, { ...current, reminderTime: time, topics: { ...current.topics, reminder: true } });
}

/**
 * Telegram answered 403 (the player blocked the bot): nothing more is sent to them, and what waits
 * in the queue for them is dropped at once, until they start the bot again (clearBlocked).
 */
export async function markBlocked(db: Executor, clock: Clock, userId: number): Promise<void> {
  const now = clock.now();
  await db
    .insert(notificationPrefs)
    .values({ userId, blockedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPrefs.userId,
      set: { blockedAt: sql`coalesce(${notificationPrefs.blockedAt}, ${now.toISOString()}::timestamptz)` },
    });
  await db.execute(
    sql`update ${botOutbox} set status = 'blocked', next_attempt_at = null
        where user_id = ${userId} and status in ('queued', 'failed') and next_attempt_at is not null`,
  );
}

/** The player pressed Start again: sending resumes (messages dropped meanwhile stay dropped). */
export async function clearBlocked(db: Executor, userId: number): Promise<void> {
  await db.update(notificationPrefs).set({ blockedAt: null }).where(eq(notificationPrefs.userId, userId));
}

/**
 * Whether a message of `topic` to `userId` must not be sent: the topic is off or the player blocked
 * the bot. An SQL boolean for statements addressed to many (the broadcast job embeds it).
 */
export function notificationHeldSql(userId: SQL | number, topic: NotificationTopic | undefined): SQL<boolean> {
  const column = topic ? sql.raw(`p.${topicColumn(topic)}`) : sql`true`;
  return sql`coalesce((select p.blocked_at is not null or not ${column} from notification_prefs p where p.user_id = ${userId}), ${topic ? !DEFAULT_CHOICES.topics[topic] : false})`;
}

function topicColumn(topic: NotificationTopic): string {
  if (!NOTIFICATION_TOPICS.includes(topic)) throw new Error(`unknown topic ${topic}`);
  return topic;
}

/** My data (erasure): the player's choices go with the account. */
export async function eraseNotificationPrefs(tx: Executor, userId: number): Promise<void> {
  await tx.delete(notificationPrefs).where(eq(notificationPrefs.userId, userId));
}

/** My data (export): the player's choices, as stored (no row: the defaults apply, and none is exported). */
export async function exportNotificationPrefs(db: Executor, userId: number): Promise<ExportRow[]> {
  const row = await prefsRow(db, userId);
  if (!row) return [];
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return [
    {
      results: row.results,
      income: row.income,
      reminder: row.reminder,
      notices: row.notices,
      reminderTime: row.reminderTime,
      timeZone: row.timeZone,
      chosenAt: iso(row.chosenAt),
      blockedAt: iso(row.blockedAt),
      updatedAt: iso(row.updatedAt),
    },
  ];
}
