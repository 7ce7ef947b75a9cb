import type { UserInfo } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  bindBankCard,
  createTestContext,
  freshWithdrawCode,
  fundUser,
  registerWithdrawer,
  type TestContext,
  type TestUser,
} from '../../testing';
import { checkLedger } from '../../testing/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-23T10:00:00Z');
});
afterAll(() => ctx.close());

/** 1000 CASH still waiting for its turnover (1x) and 1000 CASH free. */
async function halfLocked() {
  const user = await registerWithdrawer(ctx);
  await fundUser(ctx, user.id, 'CASH', 100_000n, 10_000);
  await fundUser(ctx, user.id, 'CASH', 100_000n);
  return user;
}

/**
 * Runs `race` while another transaction holds the user's CASH account row, and
 * lets go once two requests wait on a lock: without a per-user lock taken
 * before the checks, both would check against the same balance and then both
 * commit (the reviewed double pass); with it, the second checks after the first.
 */
async function released<T>(user: TestUser, race: () => Promise<T>): Promise<T> {
  let running: Promise<T> | undefined;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select id from ledger_accounts where user_id = ${user.id} and asset = 'CASH' for update`);
    running = race();
    for (let i = 0; i < 100; i++) {
      const [waiting] = await queryRows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((waiting?.n ?? 0) >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  return running as Promise<T>;
}

const exchange = (user: TestUser, amount: string) =>
  ctx.api.post('/app/user/account/exchange', { fromCoin: 'CASH', toCoin: 'USDT', amount }, { token: user.token });
const info = async (user: TestUser) => (await ctx.api.get<UserInfo>('/app/user/getUserInfo', {}, { token: user.token })).result;

describe('exchanges under concurrency (PostgreSQL): the turnover lock is checked once per money-out', () => {
  it('two concurrent exchanges of the whole free part: the free part leaves free once', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await halfLocked();
      const answers = await released(user, () => Promise.all([exchange(user, '1000'), exchange(user, '1000')]));
      expect(answers.map((a) => a.code)).toEqual([200, 200]);
      const after = await info(user);
      expect(after).toMatchObject({ cash: '0.00', usdtBalance: '23.52' });
      // The first exchange took the held 1000 CASH (held money goes first) and carries the recharge's lock
      // into 11.76 USDT; the second one found only the free 1000 left: 11.76 USDT free, not twice.
      expect(after.withdrawBalance).toBe('11.76');
    }
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('an exchange and a withdrawal racing over 1000 free CASH: the free part leaves once, the exchange carries the lock', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await halfLocked();
      const bankCardId = String(await bindBankCard(ctx, user));
      const code = await freshWithdrawCode(ctx, user);
      const withdrawal = () =>
        ctx.api.post(
          '/app/user/cashWithdrawal/apply',
          { amount: '1000', bankCardId, assetPassword: user.assetPassword, code },
          { token: user.token },
        );
      const [withdrawn, exchanged] = await released(user, () => Promise.all([withdrawal(), exchange(user, '1000')]));
      // Whichever goes first, the exchange takes the held 1000 (held money first) and the withdrawal the
      // free 1000; before, an exchange that went first spent the free part and the withdrawal was refused.
      expect([withdrawn.code, exchanged.code]).toEqual([200, 200]);
      const after = await info(user);
      expect(after).toMatchObject({ cash: '0.00', usdtBalance: '11.76', withdrawBalance: '0.00' });
    }
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
