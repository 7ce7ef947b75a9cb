import { useMainButton } from '../lib/native';
import { useFormTap } from './Form';
import { SubmitButton } from './SubmitButton';

/**
 * A form's confirm action: inside Telegram it is Telegram's MainButton (which
 * submits the form), in a browser our own submit button. `onConfirm` is the
 * (throttled) submit handler. `hidden` while a SpendConfirm above the form
 * holds the MainButton.
 */
export function ConfirmButton({
  label,
  pending,
  disabled,
  onConfirm,
  testId,
  className,
  hidden = false,
}: {
  label: string;
  pending: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  testId?: string;
  className?: string;
  hidden?: boolean;
}) {
  const { cooling, tap } = useFormTap();
  // Telegram's MainButton does not submit the form: it opens the tap window itself, and shows its spinner through it.
  const native = useMainButton({
    text: label,
    enabled: !disabled,
    loading: pending || cooling,
    visible: !hidden,
    onClick: () => {
      tap();
      onConfirm();
    },
  });
  if (native || hidden) return null;
  return (
    <SubmitButton pending={pending} disabled={pending || disabled} data-testid={testId} className={className}>
      {label}
    </SubmitButton>
  );
}
