import { useTranslation } from 'react-i18next';
import { useDemoMode, useDevOutbox } from '../../../lib/config';

/**
 * In the sandbox codes are not sent by SMS: say where to read them. Only where the developer outbox
 * is served; a deployment with real SMS never points players to it, whatever DEMO_MODE says.
 */
export function DemoNote() {
  const { t } = useTranslation();
  const demo = useDemoMode();
  const outbox = useDevOutbox();
  if (!demo || !outbox) return null;
  return (
    <p className="note note-demo" data-testid="demo-note">
      {t('auth.demoNote')}
    </p>
  );
}
