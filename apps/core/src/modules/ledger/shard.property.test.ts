import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestDatabase } from '../../testing';
import { shardFor } from './ledger';

/**
 * The system shard a movement uses lives twice: shardFor (ledger.ts, what transferBatch and the bet
 * pick) and ledger_shard_of (migration 0041, what power_holdings.ledger_shard keeps for the daily
 * job's one-statement chunks). Generated references (ASCII, as every reference is) go through both.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function inSql(references: string[]): Promise<number[]> {
  const rows = await queryRows<{ shard: number }>(
    database.db,
    sql`select ledger_shard_of(r) as shard from jsonb_array_elements_text(${JSON.stringify(references)}::jsonb) with ordinality u(r, i) order by i`,
  );
  return rows.map((row) => Number(row.shard));
}

describe('ledger_shard_of is shardFor', () => {
  it('on generated ASCII references', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 60 }), { minLength: 1, maxLength: 50 }),
        async (refs) => {
          expect(await inSql(refs)).toEqual(refs.map(shardFor));
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it("on holdings' references (one to nineteen digits)", async () => {
    const ids = [
      1,
      9,
      10,
      99,
      12_345,
      2_147_483_647,
      9_007_199_254_740_991,
      1_234_567_890_123_456_789n,
      ...Array.from({ length: 2_000 }, (_, i) => i * 7_919 + 1),
    ];
    const refs = ids.map((id) => `power_holding:${id}`);
    expect(await inSql(refs)).toEqual(refs.map(shardFor));
  });
});
