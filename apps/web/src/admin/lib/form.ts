/** A submitted form's fields as strings (the API takes urlencoded forms); empty optional fields left out. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') values[key] = value;
  }
  return values;
}

/** A moment as an operator reads it: local date and time to the minute. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
