import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** An empty list ('no more data') or a feature that comes later ('Not available yet'). */
export function EmptyState({ message, children }: { message?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" data-testid="empty-state">
      {children}
      <p className="empty-state-text">{message ?? t('common.noMoreData')}</p>
    </div>
  );
}
