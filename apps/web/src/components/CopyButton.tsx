import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard';
import { toast } from '../lib/toast';
import { AppIcon } from './AppIcon';

/** Copies `text` and says 'Copy successful'; `label` names the button for screen readers. */
export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(text)) toast(t('common.copySuccess'));
  };
  return (
    <button type="button" className="btn btn-ghost btn-small" onClick={() => void copy()} aria-label={label} data-testid={testId}>
      <AppIcon name="copy" /> {t('common.copy')}
    </button>
  );
}
