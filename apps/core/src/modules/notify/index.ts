/** The notify module's public door: other modules and the composition root import only this file. */

export { botBacklog } from './backlog';
export { type DailyNoticeDeps, sendDueReminders, sendIncomeSummaries, startDailyNoticeJob } from './daily';
export { eraseBotMessages } from './erase';
export type { Notifier } from './notifier';
export { createNotifier, latestBotMessages } from './notifier';
export { startOutboxJob } from './outboxJob';
export { eraseNotificationPrefs, exportNotificationPrefs, notificationHeldSql } from './prefs';
export { type BettorResult, notifySessionResults, type ResultsSource } from './producers';
export { notifyRoutes } from './routes';
export { createNotificationSettings, type NotificationSettings } from './settings';
