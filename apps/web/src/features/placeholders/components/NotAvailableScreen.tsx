import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { Icon } from '../../../components/Icon';

/** A page whose feature comes later: 'Not available yet' (specification point 8), translated. */
export function NotAvailableScreen() {
  const { t } = useTranslation();
  return (
    <EmptyState message={t('common.notAvailable')}>
      <span className="empty-icon">
        <Icon name="tasks" />
      </span>
    </EmptyState>
  );
}
