import { powerSessions } from '../modules/power/schema';
import type { TestContext } from '.';

/** A power package of 10.00 CASH paying 1% a day less a 0.1% fee over 5 days, for the chunk tests. */
export async function powerPackage(ctx: TestContext, name: string): Promise<number> {
  const [session] = await ctx.db
    .insert(powerSessions)
    .values({
      cateId: 9,
      cateName: 'Test',
      name,
      coin: 'CASH',
      price: 1_000n,
      power: 1_000n,
      termDays: 5,
      dailyRateBps: 100,
      feeBps: 10,
      dailyLimit: 100,
    })
    .returning({ id: powerSessions.id });
  return session?.id ?? 0;
}
