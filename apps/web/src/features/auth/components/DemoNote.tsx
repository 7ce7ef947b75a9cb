import { useTranslation } from 'react-i18next';
import { useDemoMode } from '../../../lib/config';

/** In play-money mode codes are not sent by SMS: say where to read them. */
export function DemoNote() {
  const { t } = useTranslation();
  if (!useDemoMode()) return null;
  return (
    <p className="note note-demo" data-testid="demo-note">
      {t('auth.demoNote')}
    </p>
  );
}
