import { type ReactNode, useId } from 'react';

interface FieldProps {
  label: string;
  /** The server's or the form's message for this field, shown next to it and announced. */
  error?: string | undefined;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A labelled form field with its error next to it (the console's one way to show a field error). */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && !error ? (
        <small id={`${id}-hint`} className="admin-muted">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} role="alert" className="admin-error">
          {error}
        </small>
      ) : null}
    </div>
  );
}
