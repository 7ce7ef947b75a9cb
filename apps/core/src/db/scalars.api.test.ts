import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../testing';
import { poolOf } from './client';
import { jsonValue, type Scalar, scalarStatement } from './scalars';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** Two parts, as modules write them: values handed to SQL as they are, a read of what comes back. */
const sumScalar = (a: number, b: number): Scalar<number> => ({
  sql: sql`select ${a}::int + ${b}::int + ${7}::int`,
  read: (value) => Number(value),
});
const labelScalar = (label: string): Scalar<{ label: string }> => ({
  sql: sql`select json_build_object('label', ${label}::text || '!')`,
  read: (value) => jsonValue<{ label: string }>(value),
});

describe('scalarStatement: a combined read built once', () => {
  it("answers each call's values; on the node-postgres pool it builds the parts once, elsewhere per call", async () => {
    let builds = 0;
    const read = scalarStatement('scalars_test_once', (v: { a: number; b: number; label: string }) => {
      builds += 1;
      return { sum: sumScalar(v.a, v.b), named: labelScalar(v.label) };
    });
    expect(await read(database.db, { a: 1, b: 2, label: 'one' })).toEqual({ sum: 10, named: { label: 'one!' } });
    expect(await read(database.db, { a: 40, b: -5, label: "it's" })).toEqual({ sum: 42, named: { label: "it's!" } });
    // Inside a transaction (no pool underneath) it builds with the values, as selectScalars does.
    expect(await database.db.transaction((tx) => read(tx, { a: 0, b: 0, label: 'tx' }))).toEqual({ sum: 7, named: { label: 'tx!' } });
    const pooled = poolOf(database.db) !== undefined;
    expect(pooled).toBe(testDatabaseKind() === 'pg');
    expect(builds).toBe(pooled ? 2 : 3);
  });

  it.runIf(testDatabaseKind() === 'pg')(
    'refuses a part that computed on a value in JavaScript (it would be frozen in the statement)',
    async () => {
      const read = scalarStatement('scalars_test_computed', (v: { n: number }) => ({
        next: { sql: sql`select ${String(v.n)}::text`, read: (value: unknown) => String(value) },
      }));
      await expect(read(database.db, { n: 1 })).rejects.toThrow(/JavaScript/);
    },
  );

  it.runIf(testDatabaseKind() === 'pg')('refuses a part that uses a value it was not given', async () => {
    const read = scalarStatement('scalars_test_missing', (v: { n: number }) => ({
      stray: { sql: sql`select ${sql.placeholder('other')}::int + ${v.n}::int`, read: (value: unknown) => Number(value) },
    }));
    await expect(read(database.db, { n: 1 })).rejects.toThrow(/not given: other/);
  });
});

/** The same two parts, read together over a value `n` (by), and a label shared by a group of calls. */
const batchedRead = (name: string, batches: [number, boolean][]) =>
  scalarStatement(
    name,
    (v: { n: number; label: string }) => ({
      // 100 / n: a call with n = 0 fails the statement, and with it the batch it is read in.
      share: { sql: sql`select 100 / ${v.n}::int`, read: (value: unknown) => Number(value) },
      named: labelScalar(v.label),
    }),
    { by: 'n', type: 'bigint', onBatch: (calls, oneByOne) => batches.push([calls, oneByOne]) },
  );

describe.runIf(testDatabaseKind() === 'pg')('scalarStatement: calls read together', () => {
  // A pool of ONE connection: a call runs alone, the calls made meanwhile wait and are read together.
  let single: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    single = await createTestDatabase({ poolSize: 1 });
  });
  afterAll(async () => {
    await single?.drop();
  });

  it("reads the calls that waited for the pool in one statement, each with its own answer, a group's apart", async () => {
    const { db } = single;
    const batches: [number, boolean][] = [];
    const read = batchedRead('scalars_test_batch', batches);
    const calls = [1, 2, 4, 5, 10, 20].map((n) => ({ n, label: n === 4 || n === 20 ? 'other' : 'same' }));
    const answers = await Promise.all(calls.map((values) => read(db, values)));
    expect(answers).toEqual(calls.map(({ n, label }) => ({ share: 100 / n, named: { label: `${label}!` } })));
    // The first call runs alone; of those that waited, each group goes in one statement.
    expect(batches).toEqual([
      [3, false],
      [2, false],
    ]);
  });

  it('reads each call of a failed batch on its own: only the call that fails fails', async () => {
    const { db } = single;
    const batches: [number, boolean][] = [];
    const read = batchedRead('scalars_test_batch_failed', batches);
    const settled = await Promise.allSettled([1, 2, 0, 4].map((n) => read(db, { n, label: 'x' })));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value.share : 'failed'))).toEqual([100, 50, 'failed', 25]);
    expect(batches).toEqual([[3, true]]);
  });
});
