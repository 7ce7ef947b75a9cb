import { powerDailyFee, powerDailyIncome } from '@prism/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, queryRows } from '../../db/client';
import { createTestDatabase } from '../../testing';
import { powerFeeStep, powerIncomeStep } from './steps';

/**
 * The daily power figures live twice: in @prism/domain (powerDailyIncome, powerDailyFee: what the
 * client shows and the rules say) and in the daily job's SQL (power_share, and the ledger's capped
 * debit in ledger_system_batch: what pays). Generated holdings (power, rates, several per user,
 * balances from nothing to plenty, users without an account) go through the real steps in a
 * transaction that is rolled back; each income and fee must be the domain's, fee by fee in id order.
 */
const USERS = [990_001, 990_002, 990_003, 990_004];
const DAY = '2026-07-02';
const NOW = new Date('2026-07-03T00:00:05Z');

interface Holding {
  user: number;
  power: bigint;
  rateBps: number;
  feeBps: number;
}
const holding: fc.Arbitrary<Holding> = fc.record({
  user: fc.integer({ min: 0, max: USERS.length - 1 }),
  power: fc.oneof(fc.bigInt({ min: 1n, max: 20_000n }), fc.bigInt({ min: 1n, max: 10_000_000_000n })),
  rateBps: fc.integer({ min: 0, max: 10_000 }),
  feeBps: fc.integer({ min: 0, max: 10_000 }),
});
/** Each user's CASH balance before the day, or null for no account at all. */
const balances = fc.array(fc.option(fc.oneof(fc.bigInt({ min: 0n, max: 1_000n }), fc.bigInt({ min: 0n, max: 100_000_000n }))), {
  minLength: USERS.length,
  maxLength: USERS.length,
});

class RolledBack extends Error {}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sessionId = 0;
beforeAll(async () => {
  database = await createTestDatabase();
  const [row] = await queryRows<{ id: number }>(database.db, sql`select min(id) as id from power_sessions`);
  sessionId = Number(row?.id);
});
afterAll(async () => {
  await database?.drop();
});

/** What the domain says: each holding's income, then its fee against the balance the incomes left, in id order. */
function byDomain(holdings: Holding[], start: (bigint | null)[]) {
  const incomes = holdings.map((h) => powerDailyIncome(h.power, h.rateBps));
  const left = start.map((b) => b ?? 0n);
  holdings.forEach((h, i) => {
    left[h.user] = (left[h.user] ?? 0n) + (incomes[i] ?? 0n);
  });
  const fees = holdings.map((h) => {
    const fee = powerDailyFee(h.power, h.feeBps, left[h.user] ?? 0n);
    left[h.user] = (left[h.user] ?? 0n) - fee;
    return fee;
  });
  return { incomes, fees, left };
}

/** What the steps pay, in a transaction rolled back: incomes and fees per holding, balances after. */
async function bySteps(holdings: Holding[], start: (bigint | null)[]) {
  let out: { incomes: bigint[]; fees: bigint[]; left: bigint[] } | undefined;
  const context = { day: DAY, start: new Date(`${DAY}T00:00:00Z`), end: new Date(`${DAY}T23:59:59Z`), timeZone: 'UTC', now: NOW };
  await database.db
    .transaction(async (tx: Executor) => {
      for (const [i, balance] of start.entries()) {
        if (balance !== null)
          await tx.execute(sql`insert into ledger_accounts (asset, user_id, balance) values ('CASH', ${USERS[i]}, ${balance})`);
      }
      for (const h of holdings) {
        await tx.execute(sql`insert into power_holdings (user_id, session_id, kind, name, coin, price, power, term_days, daily_rate_bps, fee_bps, start_day, end_day, created_at)
          values (${USERS[h.user]}, ${sessionId}, 'basic', 'P', 'CASH', 1, ${h.power}, 1, ${h.rateBps}, ${h.feeBps}, ${DAY}, ${DAY}, ${NOW.toISOString()})`);
      }
      // Chunks of 3: several holdings of one user in one chunk, and across chunks.
      for (const step of [powerIncomeStep, powerFeeStep]) {
        for (let after = 0; ; ) {
          const chunk = await step.run(tx, context, { after, limit: 3 });
          if (chunk.next === null) break;
          after = chunk.next;
        }
      }
      const paid = await queryRows<{ amount: string; fee: string }>(
        tx,
        sql`select i.amount::text as amount, i.fee::text as fee from power_incomes i order by i.holding_id`,
      );
      const left = await queryRows<{ user_id: number; balance: string }>(
        tx,
        sql`select user_id, balance::text as balance from ledger_accounts where user_id is not null and asset = 'CASH'`,
      );
      out = {
        incomes: paid.map((p) => BigInt(p.amount)),
        fees: paid.map((p) => BigInt(p.fee)),
        left: USERS.map((u) => BigInt(left.find((row) => Number(row.user_id) === u)?.balance ?? '0')),
      };
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  if (!out) throw new Error('the steps gave no outcome');
  return out;
}

describe("the daily power SQL pays the domain's figures", () => {
  it('power_share is powerDailyIncome, and powerDailyFee when the balance covers it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 100_000_000_000_000n }), fc.integer({ min: 0, max: 10_000 })), {
          minLength: 1,
          maxLength: 200,
        }),
        async (cases) => {
          const rows = await queryRows<{ share: string }>(
            database.db,
            sql`select power_share((c->>0)::bigint, (c->>1)::integer)::text as share
              from jsonb_array_elements(${JSON.stringify(cases.map(([p, b]) => [p.toString(), b]))}::jsonb) with ordinality u(c, i) order by i`,
          );
          expect(rows.map((r) => BigInt(r.share))).toEqual(cases.map(([p, b]) => powerDailyIncome(p, b)));
          expect(rows.map((r) => BigInt(r.share))).toEqual(cases.map(([p, b]) => powerDailyFee(p, b, 10n ** 30n)));
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);

  it('the income and fee steps pay powerDailyIncome and powerDailyFee, the fee never past the balance', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(holding, { minLength: 1, maxLength: 12 }), balances, async (holdings, start) => {
        const expected = byDomain(holdings, start);
        expect(await bySteps(holdings, start)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
