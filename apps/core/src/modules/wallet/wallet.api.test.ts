import type { UserInfo } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fundUser, moneySnapshot, registerUser, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };

describe('getConfig', () => {
  it('serves every field of the specification for CASH and USDT', async () => {
    for (const currency of ['CASH', 'USDT']) {
      const { code, result } = await ctx.api.get<Record<string, unknown>>('/app/chargeAndWithdrawConfig/getConfig', { currency });
      expect(code).toBe(200);
      for (const field of [
        'autoAuditAmount',
        'betLimitRechargeMultiple4Withdraw',
        'chargeMaxLimit',
        'chargeMinLimit',
        'curreny',
        'id',
        'openRecharge',
        'openWithdraw',
        'startAndEndTime',
        'weekDays',
        'withdrawFeeRate',
        'withdrawLimitSingleDay',
        'withdrawMaxLimit',
        'withdrawMinLimit',
        'createDateTime',
        'updateDateTime',
      ]) {
        expect(result, `${currency}.${field}`).toHaveProperty(field);
      }
      expect(result).toMatchObject({
        curreny: currency,
        startAndEndTime: '08:00-17:00',
        weekDays: '1,2,3,4,5,6,7',
        timeZone: 'Europe/London',
      });
    }
    expect((await ctx.api.get('/app/chargeAndWithdrawConfig/getConfig', { currency: 'EUR' })).code).toBe(400);
  });

  it('operators change it field by field, and refuse nonsense', async () => {
    const set = (field: string, value: string) =>
      ctx.api.post<Record<string, unknown>>('/admin/wallet/config', { currency: 'USDT', field, value }, asOperator);
    expect((await set('withdrawFeeRate', '0.015')).result).toMatchObject({ withdrawFeeRate: '0.015' });
    expect((await set('withdrawMinLimit', '12.5')).result).toMatchObject({ withdrawMinLimit: '12.50' });
    expect((await set('weekDays', '5,1,3')).result).toMatchObject({ weekDays: '1,3,5' });
    for (const [field, value] of [
      ['withdrawFeeRate', '2'],
      ['weekDays', '0,8'],
      ['startAndEndTime', '8-17'],
      ['timeZone', 'Mars/Olympus'],
      ['openWithdraw', 'yes'],
      ['withdrawMinLimit', '-1'],
    ]) {
      expect((await set(field as string, value as string)).code, `${field}=${value}`).toBe(400);
    }
    expect((await ctx.api.post('/admin/wallet/config', { currency: 'USDT', field: 'withdrawFeeRate', value: '0.01' })).code).toBe(401);
  });
});

describe('exchange', () => {
  it('shows the rates, then exchanges at them: out through the exchange account, in from it', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 100_000n);
    const rates = await ctx.api.get<{ fromCoin: string; toCoin: string; rate: string }[]>(
      '/app/user/account/exchangeRates',
      {},
      { token: user.token },
    );
    expect(rates.result).toContainEqual({ fromCoin: 'CASH', toCoin: 'CHIP', rate: '1' });
    const answer = await ctx.api.post(
      '/app/user/account/exchange',
      { fromCoin: 'CASH', toCoin: 'CHIP', amount: '250.50' },
      { token: user.token },
    );
    expect(answer).toMatchObject({ code: 200, result: { amount: '250.50', received: '250.50', rate: '1' } });
    expect(await balancesOf(ctx.db, user.id)).toMatchObject({ CASH: 74_950n, CHIP: 25_050n });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
    const records = await ctx.api.get<{ content: { type: string; coin: string; amount: string }[]; totalElements: number }>(
      '/app/user/account/findUserAccountRecordPage',
      { pageNo: '1', type: 'exchange' },
      { token: user.token },
    );
    expect(records.result.totalElements).toBe(2);
    expect(records.result.content.map((r) => [r.coin, r.amount]).sort()).toEqual([
      ['CASH', '-250.50'],
      ['CHIP', '250.50'],
    ]);
  });

  it('rounds down, and refuses unknown pairs, dust, overdrafts and bad amounts without moving money', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 10_000n);
    const exchange = (form: Record<string, string>) => ctx.api.post('/app/user/account/exchange', form, { token: user.token });
    expect((await exchange({ fromCoin: 'CASH', toCoin: 'USDT', amount: '1' })).result).toMatchObject({ received: '0.01' });
    const before = await moneySnapshot(ctx);
    expect((await exchange({ fromCoin: 'GOLD', toCoin: 'POINT', amount: '1' })).message).toBe('This exchange is not available');
    expect((await exchange({ fromCoin: 'CASH', toCoin: 'CASH', amount: '1' })).message).toBe('This exchange is not available');
    expect((await exchange({ fromCoin: 'CASH', toCoin: 'USDT', amount: '0.01' })).message).toBe('The amount is too small to exchange');
    expect((await exchange({ fromCoin: 'CASH', toCoin: 'CHIP', amount: '1000' })).message).toBe('Insufficient balance');
    expect((await exchange({ fromCoin: 'CASH', toCoin: 'BTC', amount: '1' })).code).toBe(400);
    expect((await exchange({ fromCoin: 'CASH', toCoin: 'CHIP', amount: '-1' })).code).toBe(400);
    expect(await moneySnapshot(ctx)).toBe(before);
  });

  it('the turnover lock follows the money: CASH -> CHIP -> USDT does not make a recharge withdrawable', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 100_000n, 10_000);
    const exchange = (fromCoin: string, toCoin: string, amount: string) =>
      ctx.api.post<{ received: string }>('/app/user/account/exchange', { fromCoin, toCoin, amount }, { token: user.token });
    const info = async () => (await ctx.api.get<UserInfo>('/app/user/getUserInfo', {}, { token: user.token })).result;
    expect((await info()).turnoverLocks).toEqual([{ coin: 'CASH', locked: '1000.00', needed: '1000.00' }]);
    expect((await exchange('CASH', 'CHIP', '1000')).code).toBe(200);
    expect((await exchange('CHIP', 'USDT', '1000')).result.received).toBe('11.76');
    const after = await info();
    expect(after).toMatchObject({ usdtBalance: '11.76', withdrawBalance: '0.00', cash: '0.00', cashWithdrawBalance: '0.00' });
    expect(after.turnoverLocks).toEqual([{ coin: 'USDT', locked: '11.76', needed: '11.76' }]);
    // The direct way carries the lock the same way; free money moves free.
    const other = await registerUser(ctx);
    await fundUser(ctx, other.id, 'CASH', 100_000n, 10_000);
    await fundUser(ctx, other.id, 'CASH', 50_000n);
    const direct = await ctx.api.post(
      '/app/user/account/exchange',
      { fromCoin: 'CASH', toCoin: 'USDT', amount: '1500' },
      { token: other.token },
    );
    expect(direct.result).toMatchObject({ received: '17.64' });
    const otherInfo = (await ctx.api.get<UserInfo>('/app/user/getUserInfo', {}, { token: other.token })).result;
    expect(otherInfo).toMatchObject({ usdtBalance: '17.64', withdrawBalance: '5.88' });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('a real bet in CHIP frees the lock the recharge carried into CHIP; the rest stays locked back in CASH', async () => {
    ctx.clock.set('2026-11-23T10:00:10Z');
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 20_000n, 10_000);
    const post = (path: string, form: Record<string, string>) => ctx.api.post<{ id: number }>(path, form, { token: user.token });
    const info = async () => (await ctx.api.get<UserInfo>('/app/user/getUserInfo', {}, { token: user.token })).result;
    expect((await post('/app/user/account/exchange', { fromCoin: 'CASH', toCoin: 'CHIP', amount: '200' })).code).toBe(200);
    const session = (await ctx.api.get<{ id: number }>('/app/game/luckyLottery/getSession', { level: '1' })).result;
    const bet = { gameSessionId: String(session.id), betName: 'Red', baseAmount: '10', betMultiples: '5', totalBetAmount: '50.00' };
    expect((await post('/app/game/luckyLottery/betting', bet)).code).toBe(200);
    expect((await info()).turnoverLocks).toEqual([{ coin: 'CHIP', locked: '150.00', needed: '150.00' }]);
    expect((await post('/app/user/account/exchange', { fromCoin: 'CHIP', toCoin: 'CASH', amount: '150' })).code).toBe(200);
    expect(await info()).toMatchObject({
      cash: '150.00',
      cashWithdrawBalance: '0.00',
      turnoverLocks: [{ coin: 'CASH', locked: '150.00', needed: '150.00' }],
    });
  });

  it('operators set and disable rates', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'GOLD', 1_000n);
    expect((await ctx.api.post('/admin/wallet/rate', { fromCoin: 'GOLD', toCoin: 'POINT', rate: '10' }, asOperator)).code).toBe(200);
    expect(
      (await ctx.api.post('/app/user/account/exchange', { fromCoin: 'GOLD', toCoin: 'POINT', amount: '1' }, { token: user.token })).result,
    ).toMatchObject({ received: '10.00' });
    expect((await ctx.api.post('/admin/wallet/rate', { fromCoin: 'GOLD', toCoin: 'POINT', rate: 'off' }, asOperator)).code).toBe(200);
    expect(
      (await ctx.api.post('/app/user/account/exchange', { fromCoin: 'GOLD', toCoin: 'POINT', amount: '1' }, { token: user.token })).code,
    ).toBe(10029);
    expect((await ctx.api.post('/admin/wallet/rate', { fromCoin: 'GOLD', toCoin: 'POINT', rate: '0' }, asOperator)).code).toBe(400);
  });
});

describe('asset records', () => {
  it('pages newest first, filters by coin, and shows only the caller their own', async () => {
    const user = await registerUser(ctx);
    const other = await registerUser(ctx);
    for (const amount of [100n, 200n, 300n]) await fundUser(ctx, user.id, 'CASH', amount);
    await fundUser(ctx, user.id, 'USDT', 50n);
    await fundUser(ctx, other.id, 'CASH', 999n);
    const page = (query: Record<string, string>, token = user.token) =>
      ctx.api.get<{ content: { amount: string; coin: string }[]; totalElements: number; pageNo: number }>(
        '/app/user/account/findUserAccountRecordPage',
        query,
        { token },
      );
    const first = await page({ pageNo: '1', pageSize: '2' });
    expect(first.result).toMatchObject({ totalElements: 4, pageNo: 1 });
    expect(first.result.content.map((r) => r.amount)).toEqual(['0.50', '3.00']);
    expect((await page({ pageNo: '3', pageSize: '2' })).result.content).toEqual([]);
    expect((await page({ pageNo: '1', coin: 'USDT' })).result.totalElements).toBe(1);
    expect((await page({ pageNo: '1' }, other.token)).result.content.map((r) => r.amount)).toEqual(['9.99']);
    expect((await page({ pageNo: '0' })).code).toBe(400);
    expect((await page({ pageNo: '1', type: 'DROP TABLE' })).code).toBe(400);
  });
});

describe('system messages', () => {
  it('lists, reads and marks read only the caller own messages', async () => {
    const user = await registerUser(ctx);
    const other = await registerUser(ctx);
    const { postMessage } = await import('../message/service');
    await ctx.db.transaction((tx) =>
      postMessage(tx, ctx.clock, user.id, 'recharge_credited', { amount: '100.00', currency: 'CASH', orderNo: 'R1' }),
    );
    const list = await ctx.api.get<{ content: { id: number; title: string; read: boolean }[]; unread: number }>(
      '/app/sysMessage/findUserMsgList',
      {},
      { token: user.token, headers: { 'Accept-Language': 'vi' } },
    );
    expect(list.result).toMatchObject({ unread: 1, content: [{ title: 'Đã nhận tiền nạp', read: false }] });
    const id = String(list.result.content[0]?.id);
    expect((await ctx.api.get('/app/sysMessage/get', { id }, { token: other.token })).message).toBe('No Message');
    expect((await ctx.api.post('/app/sysMessage/readMsg', { id }, { token: other.token })).code).toBe(10010);
    expect((await ctx.api.post('/app/sysMessage/readMsg', { id }, { token: user.token })).code).toBe(200);
    expect(
      (await ctx.api.get<{ read: boolean; content: string }>('/app/sysMessage/get', { id }, { token: user.token })).result,
    ).toMatchObject({ read: true, content: expect.stringContaining('100.00 CASH') });
  });
});
