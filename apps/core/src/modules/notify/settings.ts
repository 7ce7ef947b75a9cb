import { AppError, inQuietHours, type NotificationChoices, type NotificationSettingsView, type NotificationTopic } from '@prism/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { findUserByTelegramId } from '../user';
import { clearBlocked, notificationSettings, saveNotificationChoices, setReminderTime, setTopic } from './prefs';

/** A choice from the app: `night` confirms a reminder time in the quiet hours. */
export interface ChoiceInput extends NotificationChoices {
  night: boolean;
}

/**
 * The player's notification choices, as the app's routes and the bot's /settings use them: one
 * stored row behind both (prefs.ts).
 */
export function createNotificationSettings({ db, clock }: { db: Database; clock: Clock }) {
  const userOf = async (telegramId: number) => (await findUserByTelegramId(db, telegramId))?.id;
  return {
    view: (userId: number): Promise<NotificationSettingsView> => notificationSettings(db, userId),

    async save(userId: number, input: ChoiceInput): Promise<NotificationSettingsView> {
      // Quiet hours: a night-time reminder only when the player says so (a slip of the finger must not wake them).
      if (input.topics.reminder && inQuietHours(input.reminderTime) && !input.night) throw new AppError('NOTIFY_QUIET_HOURS');
      await saveNotificationChoices(db, clock, userId, {
        topics: input.topics,
        reminderTime: input.reminderTime,
        timeZone: input.timeZone,
      });
      return notificationSettings(db, userId);
    },

    /** The bot's side, by Telegram id: undefined for a Telegram user with no linked account. */
    bot: {
      async view(telegramId: number): Promise<NotificationSettingsView | undefined> {
        const userId = await userOf(telegramId);
        return userId === undefined ? undefined : notificationSettings(db, userId);
      },
      async toggle(telegramId: number, topic: NotificationTopic): Promise<NotificationSettingsView | undefined> {
        const userId = await userOf(telegramId);
        if (userId === undefined) return undefined;
        const current = await notificationSettings(db, userId);
        await setTopic(db, clock, userId, topic, !current.topics[topic]);
        return notificationSettings(db, userId);
      },
      /** The bot offers day hours only, so no night confirmation is needed. */
      async reminderAt(telegramId: number, time: string): Promise<NotificationSettingsView | undefined> {
        const userId = await userOf(telegramId);
        if (userId === undefined) return undefined;
        if (inQuietHours(time)) throw new AppError('NOTIFY_QUIET_HOURS');
        await setReminderTime(db, clock, userId, time);
        return notificationSettings(db, userId);
      },
      /** /start: a player who had blocked the bot gets messages again. */
      async started(telegramId: number): Promise<void> {
        const userId = await userOf(telegramId);
        if (userId !== undefined) await clearBlocked(db, userId);
      },
    },
  };
}

export type NotificationSettings = ReturnType<typeof createNotificationSettings>;
