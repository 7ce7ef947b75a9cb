import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A message under the field (translated validation or server text). */
  error?: string | undefined;
  hint?: string | undefined;
  /** Something inside the field at its end, e.g. the 'Send code' button. */
  trailing?: ReactNode;
  /** Something inside the field at its start, e.g. the country code. */
  leading?: ReactNode;
}

/** A labelled input with its error underneath; the label is visible and tied to the input (the hint stays outside it, so the label is exact). */
export function Field({ label, error, hint, trailing, leading, className, ...input }: FieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={['field', error ? 'field-invalid' : '', className ?? ''].join(' ').trim()}>
      <div className="field-head">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        {hint && (
          <span className="field-hint" id={`${id}-hint`}>
            ({hint})
          </span>
        )}
      </div>
      <div className="field-row">
        {leading}
        <input id={id} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {trailing}
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
