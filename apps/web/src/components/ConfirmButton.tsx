import { useEffect, useRef } from 'react';
import { bindTelegramMainButton, usesMainButton } from '../lib/telegram';
import { SubmitButton } from './SubmitButton';

/**
 * A form's confirm action: inside Telegram it is Telegram's MainButton (which
 * submits the form), in a browser our own submit button. `onConfirm` is the
 * (throttled) submit handler.
 */
export function ConfirmButton({
  label,
  pending,
  disabled,
  onConfirm,
  testId,
}: {
  label: string;
  pending: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  testId?: string;
}) {
  const telegramButton = usesMainButton();
  const latest = useRef(onConfirm);
  latest.current = onConfirm;

  useEffect(() => {
    if (!telegramButton) return;
    return bindTelegramMainButton({ text: label, enabled: !pending && !disabled, loading: pending }, () => latest.current());
  }, [telegramButton, label, pending, disabled]);

  if (telegramButton) return null;
  return (
    <SubmitButton pending={pending} disabled={pending || disabled} data-testid={testId}>
      {label}
    </SubmitButton>
  );
}
