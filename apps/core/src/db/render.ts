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

/**
 * Per statement name, once quickRender gave Drizzle's text and parameters on the name's first call:
 * that text and the statement's pieces (`piecesOf`); false when the two renderings differed.
 */
const agreed = new Map<string, { sql: string; pieces: Piece[] } | false>();

/** A statement's text pieces in order, with PARAMETER where a value falls. */
type Piece = string | typeof PARAMETER;
const PARAMETER = Symbol('parameter');

/**
 * The text and parameters of the statement named `name`. After the name's first call, a statement
 * with the same pieces as then (the same text, piece by piece, and its values in the same places)
 * gets that text back and only its parameters are gathered: building the text again on every call
 * (a few KB for getUserInfo's statement, joined twice) was the largest share of what the call
 * allocated. Another statement under the same name is rendered afresh (node-postgres would refuse a
 * second text under one prepared name on a connection anyway).
 */
export function renderNamed(name: string, query: SQL): { sql: string; params: unknown[] } {
  const known = agreed.get(name);
  if (known) {
    const params = paramsIfSame(query, known.pieces);
    if (params) return { sql: known.sql, params };
    return quickRender(query) ?? dialect.sqlToQuery(query);
  }
  const full = dialect.sqlToQuery(query);
  if (known === undefined) {
    const pieces = piecesOf(query);
    agreed.set(name, pieces && sameQuery(quickRender(query), full) ? { sql: full.sql, pieces } : false);
  }
  return full;
}

/** The pieces of a statement quickRender can walk; undefined for any other. */
export function piecesOf(query: SQL): Piece[] | undefined {
  const pieces: Piece[] = [];
  const visitChunk = (chunk: unknown): boolean => {
    if (chunk instanceof StringChunk) pieces.push(...chunk.value);
    else if (chunk instanceof SQL) return !inlined(chunk) && chunk.queryChunks.every(visitChunk);
    else if (!isPlainValue(chunk)) return false;
    else pieces.push(PARAMETER);
    return true;
  };
  return !inlined(query) && query.queryChunks.every(visitChunk) ? pieces : undefined;
}

/**
 * The statement's parameters when its pieces are `pieces`, compared as it is walked (a template's
 * strings are the same string objects call after call, so each comparison is usually a pointer's);
 * undefined when they differ anywhere, or when it is not walkable.
 */
export function paramsIfSame(query: SQL, pieces: readonly Piece[]): unknown[] | undefined {
  const params: unknown[] = [];
  let at = 0;
  const visitChunk = (chunk: unknown): boolean => {
    if (chunk instanceof StringChunk) {
      for (const piece of chunk.value) if (pieces[at++] !== piece) return false;
      return true;
    }
    if (chunk instanceof SQL) return !inlined(chunk) && chunk.queryChunks.every(visitChunk);
    if (!isPlainValue(chunk) || pieces[at++] !== PARAMETER) return false;
    params.push(chunk);
    return true;
  };
  return !inlined(query) && query.queryChunks.every(visitChunk) && at === pieces.length ? params : undefined;
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
