import { useId, useState } from 'react';
import { useT } from '../i18n';

interface ConfirmButtonProps {
  label: string;
  /** Asked before acting: says what happens, with the amount for money. */
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
  danger?: boolean;
}

/**
 * A destructive or money action: the first press asks the question in place (an alert dialog
 * with Confirm and Cancel); only Confirm acts.
 */
export function ConfirmButton({ label, question, onConfirm, disabled, danger }: ConfirmButtonProps) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const id = useId();
  if (!asking) {
    return (
      <button type="button" className={danger ? 'admin-danger' : undefined} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div role="alertdialog" aria-labelledby={id} className="admin-confirm">
      <p id={id}>{question}</p>
      <button
        type="button"
        className={danger ? 'admin-danger' : 'admin-primary'}
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {t('app.confirm')}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {t('app.cancel')}
      </button>
    </div>
  );
}
