import { type GiftCodeView, parseMoney, type UserInfo, type WithdrawBreakdownView } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fundUser, registerUser, TEST_OPS_TOKEN, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { transfer } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
const info = async (user: TestUser) => (await ctx.api.get<UserInfo>('/app/user/getUserInfo', {}, { token: user.token })).result;
const breakdownOf = async (user: TestUser, currency: 'CASH' | 'USDT') =>
  (await info(user)).withdrawBreakdown.find((parts) => parts.currency === currency) as WithdrawBreakdownView;
const setMultiple = (currency: 'CASH' | 'USDT', value: string) =>
  ctx.api.post('/admin/wallet/config', { currency, field: 'betLimitRechargeMultiple4Withdraw', value }, asOperator);

const minor = (text: string): bigint => {
  const parsed = parseMoney(text);
  if (!parsed.ok) throw new Error(`not money: ${text}`);
  return parsed.value;
};

/** The page's promise: the parts it shows add up to the balance it shows. */
function expectPartsAddUp(parts: WithdrawBreakdownView): void {
  expect(minor(parts.withdrawable) + minor(parts.heldByTurnover)).toBe(minor(parts.balance));
}

describe('the withdrawal breakdown in getUserInfo', () => {
  it('after a recharge, a gift-code reward and an exchange: the parts add up, and the free 0.10 stays free', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 100_000n, 10_000); // 1000.00 recharged with multiple 1
    const code = (
      await ctx.api.post<GiftCodeView>('/admin/giftCodes', { asset: 'CASH', amount: '0.10', totalUses: '1', days: '1' }, asOperator)
    ).result.code;
    expect((await ctx.api.post('/app/giftCode/redeem', { code }, { token: user.token })).code).toBe(200);
    const exchanged = await ctx.api.post(
      '/app/user/account/exchange',
      { fromCoin: 'CASH', toCoin: 'CHIP', amount: '100' },
      { token: user.token },
    );
    expect(exchanged.code).toBe(200);

    const user0 = await info(user);
    const cash = user0.withdrawBreakdown.find((parts) => parts.currency === 'CASH') as WithdrawBreakdownView;
    // The exchange took held money: the reward's 0.10 is still free (it used to be spent first).
    expect(cash).toEqual({
      currency: 'CASH',
      balance: '900.10',
      withdrawable: '0.10',
      heldByTurnover: '900.00',
      betsNeeded: '900.00',
      lockBeyondBalance: '0.00',
    });
    expectPartsAddUp(cash);
    expect(user0).toMatchObject({ cash: '900.10', cashWithdrawBalance: '0.10' });
    expect(user0.turnoverLocks).toEqual([
      { coin: 'CASH', locked: '900.00', needed: '900.00' },
      { coin: 'CHIP', locked: '100.00', needed: '1000.00' },
    ]);
    expect(user0.withdrawBreakdown.find((parts) => parts.currency === 'USDT')).toEqual({
      currency: 'USDT',
      balance: '0.00',
      withdrawable: '0.00',
      heldByTurnover: '0.00',
      betsNeeded: '0.00',
      lockBeyondBalance: '0.00',
    });
  });

  it('the reported figures: a lock of 4300.10 on a balance of 4080.10 holds the balance, and says by how much the lock is larger', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 500_000n, 20_000); // 5000.00 with multiple 2
    // 1,399.80 bet and lost, as the game's bet statement books it: the stake to the house, its turnover to `done`.
    await ctx.db.transaction(async (tx) => {
      const bet = {
        asset: 'CASH' as const,
        from: { userId: user.id },
        to: { system: 'house' as const },
        amount: 139_980n,
        type: 'bet' as const,
      };
      await transfer(tx, { ...bet, reference: `bet:breakdown:${user.id}` }, ctx.clock.now());
      await tx.execute(sql`update turnover set done = done + 139980 where user_id = ${user.id} and currency = 'CASH'`);
    });
    await fundUser(ctx, user.id, 'CASH', 47_990n); // 479.90 free (as a reward arrives)
    const cash = await breakdownOf(user, 'CASH');
    expect(cash).toEqual({
      currency: 'CASH',
      balance: '4080.10',
      withdrawable: '0.00',
      heldByTurnover: '4080.10',
      betsNeeded: '8600.20',
      lockBeyondBalance: '220.00',
    });
    expectPartsAddUp(cash);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('lowering the multiple to 0 frees money already held at once; raising it again holds nothing new', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 100_000n, 10_000);
    await fundUser(ctx, user.id, 'USDT', 1_000n, 10_000);
    expect(
      (await ctx.api.post('/app/user/account/exchange', { fromCoin: 'CASH', toCoin: 'CHIP', amount: '100' }, { token: user.token })).code,
    ).toBe(200);
    expect(await breakdownOf(user, 'CASH')).toMatchObject({ withdrawable: '0.00', heldByTurnover: '900.00' });

    expect((await setMultiple('CASH', '0')).code).toBe(200);
    const cash = await breakdownOf(user, 'CASH');
    expect(cash).toMatchObject({ balance: '900.00', withdrawable: '900.00', heldByTurnover: '0.00', betsNeeded: '0.00' });
    const after = await info(user);
    // The CASH pool (CHIP carried from CASH included) is free; USDT keeps its own multiple.
    expect(after.turnoverLocks).toEqual([{ coin: 'USDT', locked: '10.00', needed: '10.00' }]);
    expect(await breakdownOf(user, 'USDT')).toMatchObject({ withdrawable: '0.00', heldByTurnover: '10.00', betsNeeded: '10.00' });

    expect((await setMultiple('CASH', '1')).code).toBe(200);
    expect(await breakdownOf(user, 'CASH')).toMatchObject({ withdrawable: '900.00', heldByTurnover: '0.00' });
    // A later recharge is held with the multiple in force then.
    await fundUser(ctx, user.id, 'CASH', 10_000n, 10_000);
    expect(await breakdownOf(user, 'CASH')).toMatchObject({ balance: '1000.00', withdrawable: '900.00', heldByTurnover: '100.00' });
  });

  it('from 2x to 1x: the bets still needed follow the new multiple', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'USDT', 1_000n, 20_000);
    expect(await breakdownOf(user, 'USDT')).toMatchObject({ heldByTurnover: '10.00', betsNeeded: '20.00' });
    expect((await setMultiple('USDT', '1')).code).toBe(200);
    expect(await breakdownOf(user, 'USDT')).toMatchObject({ heldByTurnover: '10.00', betsNeeded: '10.00' });
  });
});
