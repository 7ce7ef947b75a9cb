import { DataTable } from './DataTable';

/** A value as an operator reads it: text as is, numbers and booleans as text, objects as JSON. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Facts of an answer the console shows as they come (a withdrawal, the user's context, payout
 * details): an object as a definition list, a list of objects as a table, anything else as text.
 */
export function Facts({ title, value }: { title: string; value: unknown }) {
  if (Array.isArray(value)) {
    const rows = value as Record<string, unknown>[];
    const keys = [...new Set(rows.flatMap((row) => (row && typeof row === 'object' ? Object.keys(row) : [])))];
    const columns = keys.map((key) => ({ id: key, header: key, cell: (row: Record<string, unknown>) => showValue(row[key]) }));
    return <DataTable caption={title} columns={columns} rows={rows} rowKey={(row) => rows.indexOf(row)} empty="—" />;
  }
  if (value && typeof value === 'object') {
    return (
      <section aria-label={title}>
        <h3>{title}</h3>
        <dl className="admin-facts">
          {Object.entries(value as Record<string, unknown>).map(([key, entry]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{showValue(entry)}</dd>
            </div>
          ))}
        </dl>
      </section>
    );
  }
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <p>{showValue(value)}</p>
    </section>
  );
}
