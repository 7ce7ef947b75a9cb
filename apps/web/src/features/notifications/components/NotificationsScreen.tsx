import { inQuietHours, isPlayerTimeZone, NOTIFICATION_TOPICS, type NotificationSettingsView, type NotificationTopic } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { Field } from '../../../components/Field';
import { QueryView } from '../../../components/QueryView';
import { TelegramLinkCard } from '../../../components/TelegramLinkCard';
import { errorMessage } from '../../../lib/api';
import { toast, toastError } from '../../../lib/toast';
import { useUserInfo } from '../../../lib/userInfo';
import { useNotificationSettings, useSaveNotifications } from '../api/notifications';

/** The browser's own time zone, offered until the player saved one. */
function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isPlayerTimeZone(zone) ? zone : undefined;
}

/** Personal → Notifications (docs/telegram.md, "Notifications"): what the bot sends, chosen per topic. */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  return (
    <div className="stack" data-testid="notifications-screen">
      <p className="field-hint">{t('notifyPrefs.intro')}</p>
      <QueryView query={settings}>{(current) => <ChoicesForm settings={current} />}</QueryView>
    </div>
  );
}

/** Why nothing reaches the player's chat: not linked (with the link card), or the bot is blocked. */
function ReachCard({ settings }: { settings: NotificationSettingsView }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  if (settings.linked && !settings.blocked) return null;
  return (
    <Card title={settings.blocked ? t('notifyPrefs.blockedTitle') : t('notifyPrefs.notLinkedTitle')}>
      <p className="field-hint" data-testid="notify-reach">
        {settings.blocked ? t('notifyPrefs.blocked') : t('notifyPrefs.notLinked')}
      </p>
      {!settings.linked && user.data && <TelegramLinkCard user={user.data} />}
    </Card>
  );
}

function TopicSwitch({ topic, on, onToggle }: { topic: NotificationTopic; on: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" role="switch" aria-checked={on} className="menu-item" onClick={onToggle} data-testid={`notify-${topic}`}>
      <span className="notify-topic">
        <span>{t(`notifyPrefs.topics.${topic}`)}</span>
        <span className="field-hint">{t(`notifyPrefs.hints.${topic}`)}</span>
      </span>
      <span className={`switch ${on ? 'switch-on' : ''}`} aria-hidden="true" />
    </button>
  );
}

function ChoicesForm({ settings }: { settings: NotificationSettingsView }) {
  const { t } = useTranslation();
  const save = useSaveNotifications();
  const [topics, setTopics] = useState(settings.topics);
  const [reminderTime, setReminderTime] = useState(settings.reminderTime);
  const [timeZone, setTimeZone] = useState(settings.saved ? settings.timeZone : (browserTimeZone() ?? settings.timeZone));
  const [night, setNight] = useState(false);
  const nightTime = topics.reminder && inQuietHours(reminderTime);
  const zoneValid = isPlayerTimeZone(timeZone);
  const submit = () =>
    save.mutate(
      { ...topics, reminderTime, timeZone, night },
      { onSuccess: () => toast(t('notifyPrefs.saved')), onError: (error) => toastError(errorMessage(error)) },
    );
  return (
    <>
      <ReachCard settings={settings} />
      <Card title={t('notifyPrefs.topicsTitle')}>
        <ul className="menu">
          {NOTIFICATION_TOPICS.map((topic) => (
            <li key={topic}>
              <TopicSwitch topic={topic} on={topics[topic]} onToggle={() => setTopics({ ...topics, [topic]: !topics[topic] })} />
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('notifyPrefs.reminderTitle')}>
        <p className="field-hint">{t('notifyPrefs.reminderHint')}</p>
        <Field
          label={t('notifyPrefs.reminderTime')}
          type="time"
          value={reminderTime}
          data-testid="notify-time"
          onChange={(event) => setReminderTime(event.target.value)}
        />
        <Field
          label={t('notifyPrefs.timeZone')}
          value={timeZone}
          data-testid="notify-zone"
          hint={zoneValid ? undefined : t('notifyPrefs.zoneInvalid')}
          onChange={(event) => setTimeZone(event.target.value.trim())}
        />
        {nightTime && (
          <label className="choice-option">
            <input type="checkbox" checked={night} onChange={(event) => setNight(event.target.checked)} data-testid="notify-night" />
            <span>{t('notifyPrefs.night')}</span>
          </label>
        )}
      </Card>
      <Card title={t('notifyPrefs.alwaysTitle')}>
        <p className="field-hint">{t('notifyPrefs.always')}</p>
      </Card>
      <button
        type="button"
        className="btn btn-primary"
        disabled={save.isPending || !zoneValid || (nightTime && !night)}
        data-testid="notify-save"
        onClick={submit}
      >
        {save.isPending ? t('notifyPrefs.saving') : t('notifyPrefs.save')}
      </button>
    </>
  );
}
