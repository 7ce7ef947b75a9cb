/** "telegramUsername" -> "Telegram username". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as one line of text: dates in the reader's time, yes/no, "—" for nothing, JSON for the rest. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && ISO_TIME.test(value)) return new Date(value).toLocaleString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An object's plain fields as label/text pairs (nested lists and objects are left to their own views). */
export function factsOf(record: Record<string, unknown> | null | undefined): [string, string][] {
  if (!record) return [];
  return Object.entries(record)
    .filter(([, value]) => value === null || typeof value !== 'object')
    .map(([key, value]) => [labelOf(key), textOf(value)]);
}

/** The rows of a list answer: a bare array, or { list | content | rows }. */
export function rowsOf(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  const record = (answer ?? {}) as Record<string, unknown>;
  const rows = record.list ?? record.content ?? record.rows;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

/**
 * Where the next (older) page starts: the answer's `next` when it gives one; otherwise, when the page
 * came back full, the id of its last row (the `before` cursor); undefined when there is no more.
 */
export function nextCursor(answer: unknown, limit: number): number | undefined {
  const next = (answer as { next?: unknown } | null)?.next;
  if (typeof next === 'number') return next;
  if (next === null) return undefined;
  const rows = rowsOf(answer);
  const last = rows[rows.length - 1]?.id;
  return rows.length >= limit && typeof last === 'number' ? last : undefined;
}

/** The columns a list of rows shows: every plain field of its first rows, in their order. */
export function columnsOf(rows: readonly Record<string, unknown>[]): string[] {
  const keys = new Set<string>();
  for (const row of rows.slice(0, 5))
    for (const [key, value] of Object.entries(row)) if (value === null || typeof value !== 'object') keys.add(key);
  return [...keys];
}
