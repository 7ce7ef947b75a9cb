/** How a configuration form field is drawn and read. */
export interface FieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'number' | 'checkbox' | 'select' | 'textarea';
  options?: readonly string[];
  hint?: string;
  /** Sent even when unchanged (a route that needs the whole row, or a key such as `id`). */
  always?: boolean;
}

export type FormValues = Record<string, string>;

/** A row's value as a form holds it: text; booleans as 'true'/'false'; nothing as ''. */
export function toFormValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/** The form's starting values: the row's (a new row: empty, checkboxes off). */
export function initialValues(fields: readonly FieldSpec[], row: Record<string, unknown> | undefined): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const value = row?.[field.name];
      return [field.name, value === undefined && field.kind === 'checkbox' ? 'false' : toFormValue(value)];
    }),
  );
}

/** The names whose value the operator changed, in the form's order. */
export function changedFields(fields: readonly FieldSpec[], initial: FormValues, current: FormValues): string[] {
  return fields.filter((field) => (initial[field.name] ?? '') !== (current[field.name] ?? '')).map((field) => field.name);
}

/**
 * What to POST: the changed fields and those marked `always`; for a new row, every non-empty one.
 * The stamp the form was read at rides along so the server can refuse a stale form.
 */
export function formBody(
  fields: readonly FieldSpec[],
  initial: FormValues,
  current: FormValues,
  stamp: string | undefined,
): Record<string, string> {
  const changed = new Set(changedFields(fields, initial, current));
  const body: Record<string, string> = {};
  for (const field of fields) {
    const value = (current[field.name] ?? '').trim();
    const wanted = field.always || changed.has(field.name) || (stamp === undefined && value !== '');
    if (wanted && value !== '') body[field.name] = value;
  }
  if (stamp) body.expectedUpdatedAt = stamp;
  return body;
}
