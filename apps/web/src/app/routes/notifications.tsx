import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

/** Placeholder until the notifications feature lands (issue 27). */
export default function NotificationsPage() {
  const { t } = useTranslation();
  return <EmptyState message={t('notifyPrefs.title')} />;
}
