import { useId, useState } from 'react';
import { useT } from '../i18n';

interface ConfirmPromptProps {
  question: string;
  onConfirm: () => void;
  onCancel: () => void;
  disabled?: boolean | undefined;
  danger?: boolean | undefined;
}

/** The question before a destructive or money action, in place: an alert dialog with Confirm and Cancel. */
export function ConfirmPrompt({ question, onConfirm, onCancel, disabled, danger }: ConfirmPromptProps) {
  const t = useT();
  const id = useId();
  return (
    <div role="alertdialog" aria-labelledby={id} className="admin-confirm">
      <p id={id}>{question}</p>
      <button type="button" className={danger ? 'admin-danger' : 'admin-primary'} disabled={disabled} onClick={onConfirm}>
        {t('app.confirm')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('app.cancel')}
      </button>
    </div>
  );
}

interface ConfirmButtonProps {
  label: string;
  /** Asked before acting: says what happens, with the amount for money. */
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
  danger?: boolean;
}

/** A destructive or money action: the first press asks the question (ConfirmPrompt); only Confirm acts. */
export function ConfirmButton({ label, question, onConfirm, disabled, danger }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className={danger ? 'admin-danger' : undefined} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <ConfirmPrompt
      question={question}
      danger={danger}
      disabled={disabled}
      onCancel={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        onConfirm();
      }}
    />
  );
}
