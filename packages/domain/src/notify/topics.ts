import { isTimeZone, localClock, localDate } from '../wallet/window';

/**
 * What a player may switch off (docs/telegram.md, "Notifications"). Deposits, withdrawals, security
 * and support messages have no topic: they are always sent.
 */
export const NOTIFICATION_TOPICS = ['results', 'income', 'reminder', 'notices'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export function isNotificationTopic(value: string): value is NotificationTopic {
  return (NOTIFICATION_TOPICS as readonly string[]).includes(value);
}

/** A player's choices: one switch per topic, and when the daily sign-in reminder comes. */
export interface NotificationChoices {
  topics: Record<NotificationTopic, boolean>;
  /** "HH:MM", local to `timeZone`. */
  reminderTime: string;
  /** IANA name ("Asia/Ho_Chi_Minh"). */
  timeZone: string;
}

/**
 * The choices of a player who never chose. Results, income and notices are on: the player asked for
 * them by linking Telegram. The reminder is off until the player picks it, because until then we
 * know neither their time zone nor whether they want a daily nudge (a reminder at the wrong hour is
 * the first thing players mute, or the reason they block the bot).
 */
export const DEFAULT_REMINDER_TIME = '20:00';
export const DEFAULT_TIME_ZONE = 'UTC';
export const DEFAULT_CHOICES: NotificationChoices = {
  topics: { results: true, income: true, reminder: false, notices: true },
  reminderTime: DEFAULT_REMINDER_TIME,
  timeZone: DEFAULT_TIME_ZONE,
};

/**
 * Quiet hours, local time: a reminder time from 22:00 up to 08:00 is refused unless the player
 * confirms it (`night`), so nobody gets a nudge at night by a slip of the finger.
 */
export const QUIET_HOURS = { start: 22 * 60, end: 8 * 60 } as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** IANA names only: "Area/City" (or "UTC"); Intl also takes offsets like "+05:00", which do not follow daylight saving. */
const ZONE_NAME = /^[A-Za-z]+(?:[/_-][A-Za-z0-9+-]+)*$/;

/** Minutes after midnight of "HH:MM", or undefined when it is not a time of day. */
export function reminderMinute(time: string): number | undefined {
  const match = TIME.exec(time);
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

export function isReminderTime(time: string): boolean {
  return reminderMinute(time) !== undefined;
}

/** A time zone a player may choose: an IANA name this runtime knows. */
export function isPlayerTimeZone(zone: string): boolean {
  return zone.length <= 64 && ZONE_NAME.test(zone) && isTimeZone(zone);
}

export function inQuietHours(time: string): boolean {
  const minute = reminderMinute(time);
  if (minute === undefined) return false;
  return minute >= QUIET_HOURS.start || minute < QUIET_HOURS.end;
}

/** A reminder this late (the server was down at the chosen time) is still worth sending; later it is dropped for the day. */
export const REMINDER_CATCH_UP_MINUTES = 120;

export type ReminderDecision =
  /** Send now, and remember `day` as reminded. */
  | { due: 'send'; day: string }
  /** Too late for today (down past the catch-up window): remember `day` without sending. */
  | { due: 'missed'; day: string }
  | { due: 'no' };

/** Whether a player's daily reminder is due at `now`: once per local day, at or after the chosen time. */
export function reminderDue(
  now: Date,
  choice: { reminderTime: string; timeZone: string },
  lastRemindedOn: string | null,
): ReminderDecision {
  const target = reminderMinute(choice.reminderTime);
  if (target === undefined || !isTimeZone(choice.timeZone)) return { due: 'no' };
  const day = localDate(now, choice.timeZone);
  if (lastRemindedOn !== null && lastRemindedOn >= day) return { due: 'no' };
  const { minute } = localClock(now, choice.timeZone);
  if (minute < target) return { due: 'no' };
  return minute - target > REMINDER_CATCH_UP_MINUTES ? { due: 'missed', day } : { due: 'send', day };
}
