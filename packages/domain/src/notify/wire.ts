import type { NotificationTopic } from './topics';

/** GET/POST /core/app/user/notifications: the player's choices and whether the bot can reach them. */
export interface NotificationSettingsView {
  topics: Record<NotificationTopic, boolean>;
  reminderTime: string;
  timeZone: string;
  /** False until the player saved once: the web then offers the browser's time zone. */
  saved: boolean;
  /** A Telegram chat is linked: without one nothing is sent (the app's message list still has the notices). */
  linked: boolean;
  /** The player blocked the bot: nothing is sent until they start it again. */
  blocked: boolean;
}
