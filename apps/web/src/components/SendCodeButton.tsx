import { CODE_RESEND_SECONDS } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeCooldown } from '../lib/countdown';
import type { CodeAnswer } from '../lib/form';
import { toast } from '../lib/toast';

/**
 * 'Send code', then a countdown (60 s, or what the server says) before it can be pressed again.
 * `onSend` validates and calls the API (useForm's attemptCode); it returns the server's answer,
 * or undefined when nothing was sent (invalid phone, error already shown). `cooldownKey` names the
 * purpose and target ("register:91:9876543210"): the countdown outlives the page, so coming back
 * shows the seconds still to wait.
 */
export function SendCodeButton({
  onSend,
  cooldownKey,
  label,
  testId = 'send-code',
}: {
  onSend: () => Promise<CodeAnswer | undefined>;
  cooldownKey: string;
  /** The button's text before sending (default 'Send code'). */
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { remaining, start } = useCodeCooldown(cooldownKey);
  const [pending, setPending] = useState(false);

  const send = async () => {
    if (pending || remaining > 0) return;
    setPending(true);
    try {
      const answer = await onSend();
      if (!answer) return;
      // A refusal as too soon already toasted how long; a sent code waits at least the usual 60 s.
      start(answer.refused ? answer.resendIn : Math.max(CODE_RESEND_SECONDS, answer.resendIn || 0));
      if (!answer.refused) toast(t('auth.codeSent'));
    } finally {
      setPending(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-code"
      onClick={() => void send()}
      disabled={pending || remaining > 0}
      aria-busy={pending || undefined}
      data-testid={testId}
      data-cooldown={remaining > 0 ? remaining : undefined}
    >
      {remaining > 0 ? t('auth.resendIn', { seconds: remaining }) : (label ?? t('auth.sendCode'))}
    </button>
  );
}
