import { type FormEvent, useState } from 'react';
import { FieldInput } from './FieldInput';
import { type FieldSpec, type FormValues, formBody, initialValues } from './formState';
import { SaveStatus } from './SaveStatus';
import { useSave } from './useSave';

interface ConfigFormProps {
  title: string;
  fields: readonly FieldSpec[];
  /** The row as last read (undefined: a new one). Its `updatedAt` is sent back as `expectedUpdatedAt`. */
  row?: { updatedAt?: string } | undefined;
  /** Extra values sent with every save (a key such as the currency). */
  fixed?: Record<string, string>;
  submitLabel?: string;
  save: (body: Record<string, string>, values: FormValues) => Promise<unknown>;
  /** Reads the row again (after a stale refusal, or to drop one's edits). */
  onReload?: () => void;
}

/**
 * Every configuration form: fields from a spec, only the changed ones sent with the stamp the row
 * was read at, disabled while saving, the outcome shown (a stale form offers a reload). When the
 * row is read again with a new stamp the form starts from it. Mount one per row (`key={row.id}`).
 */
export function ConfigForm({ title, fields, row, fixed, submitLabel = 'Save', save, onReload }: ConfigFormProps) {
  const [initial, setInitial] = useState(() => initialValues(fields, row as Record<string, unknown> | undefined));
  const [values, setValues] = useState(initial);
  const [seen, setSeen] = useState(row?.updatedAt);
  const { state, run, reset, fields: errors } = useSave();
  // The row was read again (after this save, or a reload): start from it; a stale notice has done its job.
  if (row?.updatedAt !== seen) {
    const fresh = initialValues(fields, row as Record<string, unknown> | undefined);
    setSeen(row?.updatedAt);
    setInitial(fresh);
    setValues(fresh);
    if (state.kind === 'stale') reset();
  }
  const saving = state.kind === 'saving';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => save({ ...formBody(fields, initial, values, row?.updatedAt), ...fixed }, values));
  };
  return (
    <form className="admin-form" onSubmit={submit} aria-busy={saving}>
      <fieldset disabled={saving}>
        <legend>{title}</legend>
        {fields.map((spec) => (
          <FieldInput
            key={spec.name}
            spec={spec}
            value={values[spec.name] ?? ''}
            error={errors[spec.name]}
            disabled={saving}
            onChange={(value) => setValues((current) => ({ ...current, [spec.name]: value }))}
          />
        ))}
        <button type="submit">{saving ? 'Saving…' : submitLabel}</button>
      </fieldset>
      <SaveStatus state={state} onReload={onReload} />
    </form>
  );
}
