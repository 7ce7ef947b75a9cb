import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from '../modules/user/schema';
import { inlineText, quickRender, renderNamed, sameQuery } from './render';

const dialect = new PgDialect();

describe('quickRender', () => {
  const userId = 7;
  const part = (column: string) => sql`select ${sql.raw(column)} from users where id = ${userId} and phone <> ${'x'}`;
  const statements = {
    'plain values': sql`select ${1}, ${'a'}, ${null}, ${true}, ${12345678901234567890n}`,
    'nested and joined': sql`select ${sql.join(
      ['a', 'b', 'c'].map((column, i) => sql`(${part(column)}) as ${sql.raw(`v${i}`)}`),
      sql`, `,
    )} where ${sql`x = ${2}`} and y in (${sql`${3}`})`,
    'no values': sql`select 1`,
    'empty pieces': sql`${sql``}select${sql.raw('')} ${sql`${'$1'}`}`,
  };
  for (const [name, statement] of Object.entries(statements)) {
    it(`gives Drizzle's text and values: ${name}`, () => {
      const quick = quickRender(statement);
      expect(quick).toBeDefined();
      const { sql: text, params } = dialect.sqlToQuery(statement);
      expect(quick).toEqual({ sql: text, params });
    });
  }

  it('leaves to Drizzle what it does not walk: dates, arrays, columns, inlined values', () => {
    expect(quickRender(sql`select ${new Date(0)}`)).toBeUndefined();
    expect(quickRender(sql`select ${[1, 2]}`)).toBeUndefined();
    expect(quickRender(sql`select ${users.id} from ${users}`)).toBeUndefined();
    expect(quickRender(sql`select ${1}`.inlineParams())).toBeUndefined();
    expect(quickRender(sql`select ${sql`${1}`.inlineParams()}`)).toBeUndefined();
  });

  it('renderNamed answers as Drizzle for every statement, walked or not', () => {
    const statement = statements['nested and joined'];
    for (let i = 0; i < 3; i++) expect(sameQuery(renderNamed('render-test', statement), dialect.sqlToQuery(statement))).toBe(true);
    const dated = sql`select ${new Date(0)}, ${1}`;
    for (let i = 0; i < 3; i++) expect(sameQuery(renderNamed('render-test-dated', dated), dialect.sqlToQuery(dated))).toBe(true);
  });
});

describe('inlineText', () => {
  it('writes values as literals that PostgreSQL reads back as the same values', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite();
    try {
      const values = ["it's", "back\\slash and 'quote'", '', 'é ✓', -5, 0, 12.5, -9007199254740993n, true, false, null];
      const statement = sql`select ${sql.join(
        // As text on both sides: a bound value with no type is text, an inlined number is a number.
        values.map((value, i) => sql`(${value})::text as ${sql.raw(`v${i}`)}`),
        sql`, `,
      )}`;
      const text = inlineText(statement);
      expect(text).not.toContain('$1');
      const inlined = (await db.exec(text)).at(-1)?.rows[0];
      const { sql: query, params } = dialect.sqlToQuery(statement);
      const bound = (await db.query(query, params as unknown[])).rows[0];
      expect(inlined).toEqual(bound);
      for (const setting of ['on', 'off']) {
        await db.exec(`set standard_conforming_strings = ${setting}`);
        expect((await db.exec(text)).at(-1)?.rows[0]).toEqual(bound);
      }
    } finally {
      await db.close();
    }
  });

  it('refuses what it cannot write: a NUL character, an infinite number', () => {
    expect(() => inlineText(sql`select ${'a\0b'}`)).toThrow(/NUL/);
    expect(() => inlineText(sql`select ${Number.POSITIVE_INFINITY}`)).toThrow(/cannot be written/);
  });
});
