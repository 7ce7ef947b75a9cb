import { useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { useT } from '../i18n';

/** Copies a secret or a link the operator must hand on; says "Copied" once it did. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <button type="button" onClick={async () => setCopied(await copyText(text))}>
      {copied ? t('app.copied') : (label ?? t('app.copy'))}
    </button>
  );
}
