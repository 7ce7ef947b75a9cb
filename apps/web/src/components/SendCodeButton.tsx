import type { CodeSent } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../lib/countdown';
import { toast } from '../lib/toast';

/**
 * 'Send code', then a 60 s countdown before it can be pressed again.
 * `onSend` validates and calls the API; it returns what the server answered,
 * or undefined when nothing was sent (invalid phone, server error already shown).
 */
export function SendCodeButton({
  onSend,
  label,
  testId = 'send-code',
}: {
  onSend: () => Promise<CodeSent | undefined>;
  /** The button's text before sending (default 'Send code'). */
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [pending, setPending] = useState(false);

  const send = async () => {
    if (pending || remaining > 0) return;
    setPending(true);
    try {
      const sent = await onSend();
      if (sent) {
        start(undefined, sent.resendIn);
        toast(t('auth.codeSent'));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <button type="button" className="btn btn-code" onClick={() => void send()} disabled={pending || remaining > 0} data-testid={testId}>
      {remaining > 0 ? t('auth.resendIn', { seconds: remaining }) : (label ?? t('auth.sendCode'))}
    </button>
  );
}
