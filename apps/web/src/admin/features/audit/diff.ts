/** One changed field of an audit row: what it was and what it became (JSON text for nested values). */
export interface FieldChange {
  field: string;
  before: string | undefined;
  after: string | undefined;
  kind: 'added' | 'removed' | 'changed';
}

const text = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The readable difference between an audit row's before and after: per top-level field, only
 * what changed, in the order the fields first appear. A value that is not an object (a number, a
 * list) is compared as a whole under the field "value".
 */
export function auditDiff(before: unknown, after: unknown): FieldChange[] {
  const asObject = (value: unknown): Record<string, unknown> =>
    value === null || value === undefined
      ? {}
      : typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : { value };
  const was = asObject(before);
  const now = asObject(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const from = text(was[field]);
    const to = text(now[field]);
    if (from === to) continue;
    changes.push({ field, before: from, after: to, kind: from === undefined ? 'added' : to === undefined ? 'removed' : 'changed' });
  }
  return changes;
}

/** The audit filters as the API's query: empty ones left out, dates as whole days (to = end of that day). */
export function auditQuery(filters: Record<string, string>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (!value.trim()) continue;
    if (key === 'from' && /^\d{4}-\d{2}-\d{2}$/.test(value)) query.from = `${value}T00:00:00.000Z`;
    else if (key === 'to' && /^\d{4}-\d{2}-\d{2}$/.test(value)) query.to = `${value}T23:59:59.999Z`;
    else query[key] = value.trim();
  }
  return query;
}
