import { NotificationsScreen } from '../../features/notifications/components/NotificationsScreen';

/** Personal → Notifications: the bot messages the player chooses. */
export default function NotificationsPage() {
  return <NotificationsScreen />;
}
