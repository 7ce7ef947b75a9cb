/** The notify module's public door: other modules and the composition root import only this file. */

export { botBacklog } from './backlog';
export type { Notifier } from './notifier';
export { createNotifier, latestBotMessages } from './notifier';
export { startOutboxJob } from './outboxJob';
export { eraseNotificationPrefs, exportNotificationPrefs, notificationHeldSql } from './prefs';
export { notifyRoutes } from './routes';
export { createNotificationSettings, type NotificationSettings } from './settings';
