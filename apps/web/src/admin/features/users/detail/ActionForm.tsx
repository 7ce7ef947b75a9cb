import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/Field';
import { ActionStatus } from './ActionStatus';
import { useAction } from './useAction';

export interface ActionField {
  name: string;
  label: string;
  options?: readonly string[];
  multiline?: boolean;
}

interface ActionFormProps {
  title: string;
  fields: readonly ActionField[];
  submitLabel: string;
  done: string;
  /** The permission the server checks, named when it answers 403. */
  permission: string;
  queryKey: readonly unknown[];
  send: (body: Record<string, string>) => Promise<unknown>;
}

function Input({ field, value, onChange, ...props }: { field: ActionField; value: string; onChange: (v: string) => void; id: string }) {
  if (field.options) {
    return (
      <select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {field.options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    );
  }
  if (field.multiline) return <textarea {...props} rows={4} value={value} onChange={(e) => onChange(e.target.value)} />;
  return <input {...props} value={value} onChange={(e) => onChange(e.target.value)} />;
}

/** A small form acting on the user (message, waiver, adjustment request), with field errors beside the fields. */
export function ActionForm({ title, fields, submitLabel, done, permission, queryKey, send }: ActionFormProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const { state, run, busy, fields: errors } = useAction(queryKey, permission);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => send(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]))), done);
  };
  return (
    <form onSubmit={submit} aria-busy={busy} className="admin-form">
      <fieldset disabled={busy}>
        <legend>{title}</legend>
        {fields.map((field) => (
          <Field key={field.name} label={field.label} error={errors[field.name]}>
            {(props) => (
              <Input
                {...props}
                field={field}
                value={values[field.name] ?? ''}
                onChange={(v) => setValues((c) => ({ ...c, [field.name]: v }))}
              />
            )}
          </Field>
        ))}
        <button type="submit">{busy ? 'Sending…' : submitLabel}</button>
      </fieldset>
      <ActionStatus state={state} />
    </form>
  );
}
