import { advisorDailyEarning, advisorManagementFee, depositDailyInterest } from '@prism/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestDatabase } from '../../testing';

/**
 * The holding products' daily amounts live twice: in @prism/domain (advisorDailyEarning,
 * advisorManagementFee, depositDailyInterest: what the client quotes and the rules say) and in the
 * daily job's SQL (advisor_daily_earning, advisor_management_fee, deposit_daily_interest, migration
 * 0043: what pays). Each SQL function must answer the domain's figure for any principal (none, tiny,
 * beyond what bigint x rate holds) and any rate the products allow (and more), whenever that figure
 * fits the bigint columns it is written to; a figure that does not is refused (out of range), never
 * paid wrong.
 */
const BIGINT_MAX = 2n ** 63n - 1n;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const principal = fc.oneof(
  fc.bigInt({ min: -1_000n, max: 1_000n }),
  fc.bigInt({ min: 0n, max: 100_000_000_000n }),
  fc.bigInt({ min: 0n, max: 9_000_000_000_000_000_000n }),
);
const rate = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 100_000 }));

const TWINS = [
  ['advisor_daily_earning', advisorDailyEarning],
  ['advisor_management_fee', advisorManagementFee],
  ['deposit_daily_interest', depositDailyInterest],
] as const;

describe("the holding steps' SQL amounts are the domain's", () => {
  for (const [name, domain] of TWINS) {
    it(`${name} is ${domain.name}`, async () => {
      const fits = fc.tuple(principal, rate).filter(([p, r]) => domain(p, r) <= BIGINT_MAX);
      await fc.assert(
        fc.asyncProperty(fc.array(fits, { minLength: 1, maxLength: 200 }), async (cases) => {
          const rows = await queryRows<{ amount: string }>(
            database.db,
            sql`select ${sql.identifier(name)}((c->>0)::bigint, (c->>1)::integer)::text as amount
                from jsonb_array_elements(${JSON.stringify(cases.map(([p, r]) => [p.toString(), r]))}::jsonb) with ordinality u(c, i)
                order by i`,
          );
          expect(rows.map((row) => BigInt(row.amount))).toEqual(cases.map(([p, r]) => domain(p, r)));
        }),
        { numRuns: 30 },
      );
    }, 60_000);
  }

  it('a figure past bigint is refused (numeric value out of range)', async () => {
    for (const [name] of TWINS) {
      const refused = database.db.execute(sql`select ${sql.identifier(name)}(${BIGINT_MAX}::bigint, 2000000000)`);
      await expect(refused).rejects.toHaveProperty('cause.code', '22003');
    }
  });
});
