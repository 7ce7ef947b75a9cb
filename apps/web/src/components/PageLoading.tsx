import { useTranslation } from 'react-i18next';
import { useDelayedFlag } from '../lib/timing';

/** The loading indicator: appears only when loading lasts longer than 200 ms. */
export function PageLoading({ active = true }: { active?: boolean }) {
  const { t } = useTranslation();
  const visible = useDelayedFlag(active);
  if (!visible) return null;
  return (
    <div className="page-loading" role="status" aria-live="polite" data-testid="page-loading">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
