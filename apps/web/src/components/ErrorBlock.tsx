import { useTranslation } from 'react-i18next';

/** A failure the user can act on: the whole block is one button that retries (or reloads the page). */
export function ErrorBlock({ message, onRetry }: { message?: string | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="error-block" onClick={onRetry} data-testid="error-block">
      <strong>{message || t('common.netError')}</strong>
      <span>{t('common.tapToRetry')}</span>
    </button>
  );
}
