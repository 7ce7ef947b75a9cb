import { Name, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A statement's text and parameters, as Drizzle renders them (`sqlToQuery`), for the statements
 * built per call from `sql` templates (getUserInfo's one statement: db/scalars.ts). Drizzle's
 * renderer checks every chunk against each kind it knows (tables, columns, views, enums ...) and
 * merges the pieces: in a profile of getUserInfo under load, 11 % of the server's busy time
 * (docs/performance.md, "HTTP"). These statements hold only text, nested `sql`, and plain values;
 * `quickRender` walks those and gives up (undefined) on anything else. `renderNamed` checks it
 * against Drizzle on each statement name's first call and keeps to Drizzle for a name where the two differ.
 */
export function quickRender(query: SQL): { sql: string; params: unknown[] } | undefined {
  const parts: string[] = [];
  const params: unknown[] = [];
  // One chunk: false when it is of a kind left to Drizzle.
  const visitChunk = (chunk: unknown): boolean => {
    if (chunk instanceof StringChunk) {
      parts.push(chunk.value.join(''));
      return true;
    }
    if (chunk instanceof SQL) return !inlined(chunk) && chunk.queryChunks.every(visitChunk);
    if (!isPlainValue(chunk)) return false;
    params.push(chunk);
    parts.push(`$${params.length}`);
    return true;
  };
  return !inlined(query) && query.queryChunks.every(visitChunk) ? { sql: parts.join(''), params } : undefined;
}

/** A value Drizzle sends as it is (no encoder, no list, no entity). */
const isPlainValue = (chunk: unknown) =>
  chunk === null || typeof chunk === 'string' || typeof chunk === 'number' || typeof chunk === 'bigint' || typeof chunk === 'boolean';

/** Whether Drizzle would write the statement's values into its text (`sql.inlineParams()`): left to Drizzle. */
const inlined = (query: SQL) => (query as unknown as { shouldInlineParams?: boolean }).shouldInlineParams === true;

/** Per statement name: whether quickRender gave Drizzle's text and parameters on the name's first call. */
const agreed = new Map<string, boolean>();

/** The text and parameters of the statement named `name` (quickRender once it agreed with Drizzle for that name). */
export function renderNamed(name: string, query: SQL): { sql: string; params: unknown[] } {
  const agrees = agreed.get(name);
  if (agrees === true) return quickRender(query) ?? dialect.sqlToQuery(query);
  const full = dialect.sqlToQuery(query);
  if (agrees === undefined) agreed.set(name, sameQuery(quickRender(query), full));
  return full;
}

export function sameQuery(a: { sql: string; params: unknown[] } | undefined, b: { sql: string; params: unknown[] }): boolean {
  return a !== undefined && a.sql === b.sql && a.params.length === b.params.length && a.params.every((p, i) => Object.is(p, b.params[i]));
}

/**
 * A statement's text with its values written in as SQL literals, for the simple
 * query protocol, which takes no parameters (`scriptRows`). Only for values the
 * server computed (dates, ids, amounts, names of its own): strings are quoted with
 * doubled quotes (an escape string E'' when they hold a backslash),
 * negative numbers are parenthesised (never read as `--`). Anything but text,
 * nested `sql`, identifiers and plain values is left to Drizzle's inlining.
 */
export function inlineText(query: SQL): string {
  const parts: string[] = [];
  const visit = (chunk: unknown): boolean => {
    if (chunk instanceof StringChunk) parts.push(chunk.value.join(''));
    else if (chunk instanceof SQL) return chunk.queryChunks.every(visit);
    else if (chunk instanceof Name) parts.push(`"${chunk.value.replace(/"/g, '""')}"`);
    else if (!isPlainValue(chunk)) return false;
    else parts.push(literal(chunk as string | number | bigint | boolean | null));
    return true;
  };
  return query.queryChunks.every(visit) ? parts.join('') : dialect.sqlToQuery(new SQL([query]).inlineParams()).sql;
}

function literal(value: string | number | bigint | boolean | null): string {
  if (value === null) return 'null';
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('a NUL character cannot be written into SQL');
    const quoted = value.replace(/'/g, "''");
    // With a backslash, an escape string: read alike whatever standard_conforming_strings says.
    return value.includes('\\') ? `E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`${value} cannot be written into SQL`);
  const text = String(value);
  return text.startsWith('-') ? `(${text})` : text;
}
