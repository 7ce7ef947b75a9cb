import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * place_bet has one readable copy, sql/place_bet.sql; the migrations keep the history. The newest
 * migration that defines the function must define it as that file does, byte for byte (comments in
 * the body included: they are part of the function's source), so what a reader opens is what the
 * database runs. After editing sql/place_bet.sql, copy it into a new migration (and its
 * entry in drizzle/meta/_journal.json).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const drizzle = path.resolve(here, '../../../drizzle');
const canonical = readFileSync(path.join(here, 'sql/place_bet.sql'), 'utf8');

/** The CREATE OR REPLACE FUNCTION place_bet statement of a file, through its closing `$$;`; undefined when it has none. */
function placeBetStatement(text: string): string | undefined {
  const start = text.indexOf('CREATE OR REPLACE FUNCTION place_bet(');
  return start < 0 ? undefined : text.slice(start, text.indexOf('$$;', start) + 3);
}

describe('place_bet has one home', () => {
  it('the newest migration defining place_bet is sql/place_bet.sql', () => {
    const journal = JSON.parse(readFileSync(path.join(drizzle, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const defining = journal.entries
      .map((entry) => placeBetStatement(readFileSync(path.join(drizzle, `${entry.tag}.sql`), 'utf8')))
      .filter((statement) => statement !== undefined);
    // Earlier migrations defined it too (the history); the newest definition is the canonical file's.
    expect(defining.length).toBeGreaterThan(1);
    expect(defining.at(-1)).toBe(placeBetStatement(canonical));
  });
});
