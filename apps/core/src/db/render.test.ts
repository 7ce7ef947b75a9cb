import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from '../modules/user/schema';
import { inlineText, paramsIfSame, piecesOf, quickRender, renderNamed, sameQuery } from './render';

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

describe('renderNamed after the first call', () => {
  const drizzle = (query: ReturnType<typeof sql>) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return { sql: text, params };
  };
  const shaped = (column: string, id: unknown, more?: unknown) =>
    sql`select ${sql.raw(column)} from users where id = ${id}${more === undefined ? sql`` : sql` and phone = ${more}`}`;

  it("gathers only the values of a statement with the first call's pieces, and answers as Drizzle", () => {
    renderNamed('render-shape', shaped('phone', 1));
    for (const id of [2, 'x', null, 5n]) expect(renderNamed('render-shape', shaped('phone', id))).toEqual(drizzle(shaped('phone', id)));
  });

  it('renders afresh another statement under the same name: other text of the same length, a value moved or added', () => {
    renderNamed('render-other', shaped('phone', 1));
    for (const other of [shaped('email', 1), shaped('phone', 1, 'p'), sql`select phone from users where id = 1 and ${1} = 1`])
      expect(renderNamed('render-other', other)).toEqual(drizzle(other));
    // And the first shape still gets its own text back.
    expect(renderNamed('render-other', shaped('phone', 9))).toEqual(drizzle(shaped('phone', 9)));
  });

  it('compares pieces and values in place', () => {
    const pieces = piecesOf(shaped('phone', 1)) ?? [];
    expect(paramsIfSame(shaped('phone', 3), pieces)).toEqual([3]);
    expect(paramsIfSame(shaped('email', 3), pieces)).toBeUndefined();
    expect(paramsIfSame(shaped('phone', 3, 4), pieces)).toBeUndefined();
    expect(paramsIfSame(sql`select ${new Date(0)}`, pieces)).toBeUndefined();
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
