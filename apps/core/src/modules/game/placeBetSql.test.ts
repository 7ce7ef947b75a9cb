import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * place_bet has one readable copy, sql/place_bet.sql; the migrations keep the history. The newest
 * migration that defines the function must be that file, byte for byte, so what a reader opens is
 * what the database runs. After editing sql/place_bet.sql, copy it into a new migration (and its
 * entry in drizzle/meta/_journal.json).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const drizzle = path.resolve(here, '../../../drizzle');
const canonical = readFileSync(path.join(here, 'sql/place_bet.sql'), 'utf8');

describe('place_bet has one home', () => {
  it('the newest migration defining place_bet is sql/place_bet.sql', () => {
    const journal = JSON.parse(readFileSync(path.join(drizzle, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const defining = journal.entries
      .map((entry) => readFileSync(path.join(drizzle, `${entry.tag}.sql`), 'utf8'))
      .filter((text) => /CREATE OR REPLACE FUNCTION place_bet\(/.test(text));
    expect(defining.length).toBeGreaterThan(0);
    expect(defining.at(-1)).toBe(canonical);
  });
});
