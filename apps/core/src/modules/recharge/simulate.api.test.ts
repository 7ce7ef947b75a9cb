import type { ChainDeposit, Paged, RechargeAddress, SysMessage } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, snapshotDatabase, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { asOperator, balanceOf, callbackBody, postCallback, transfersWithReference } from '../../testing/recharge';

/** "Simulate a deposit": play-money mode only, through the sandbox chain watcher and the one deposit path. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const simulate = (user: TestUser, fields: Record<string, string>, key?: string) =>
  ctx.api.post<ChainDeposit>('/app/user/recharge/simulateDeposit', fields, {
    token: user.token,
    headers: key ? { 'Idempotency-Key': key } : {},
  });
const addressOf = async (user: TestUser, network: string) =>
  (await ctx.api.post<RechargeAddress>('/app/wallet/getRecharge', { walletType: network }, { token: user.token })).result;

describe('simulate a deposit (sandbox mode)', () => {
  it('credits the caller through the normal deposit path, once per Idempotency-Key', async () => {
    const user = await registerUser(ctx);
    const trc = await addressOf(user, 'TRC20');
    expect(trc).toMatchObject({ demo: true, simulate: true });

    const answer = await simulate(user, { walletType: 'TRC20', amount: '25' }, 'sim-key-1');
    expect(answer).toMatchObject({
      code: 200,
      result: { network: 'TRC20', address: trc.address, userId: user.id, amount: '25.00', confirmations: 12, status: 'credited' },
    });
    expect(answer.result.txHash).toMatch(/^[0-9a-f]{64}$/);
    const replay = await simulate(user, { walletType: 'TRC20', amount: '25' }, 'sim-key-1');
    expect(replay.result).toMatchObject({ txHash: answer.result.txHash, status: 'credited' });

    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(2_500n);
    expect(await transfersWithReference(ctx, `deposit:TRC20:${answer.result.txHash}`)).toBe(1);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
    const messages = await ctx.api.get<Paged<SysMessage>>('/app/sysMessage/findUserMsgList', { pageNo: '1' }, { token: user.token });
    expect(messages.result.content.length).toBeGreaterThan(0);

    // Another network, another address of the same user; EVM hashes look like EVM hashes.
    const bep = await simulate(user, { walletType: 'BEP20', amount: '5' });
    expect(bep.result).toMatchObject({ address: (await addressOf(user, 'BEP20')).address, status: 'credited' });
    expect(bep.result.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(3_000n);
  });

  it('a used Idempotency-Key with another amount or network answers 409 and credits nothing more', async () => {
    const user = await registerUser(ctx);
    const first = await simulate(user, { walletType: 'TRC20', amount: '25' }, 'sim-key-2');
    expect(first.code).toBe(200);
    const before = await snapshotDatabase(ctx.db);
    const otherAmount = await simulate(user, { walletType: 'TRC20', amount: '999' }, 'sim-key-2');
    expect(otherAmount).toMatchObject({ code: 409, message: 'This request key was already used for a different request' });
    expect((await simulate(user, { walletType: 'BEP20', amount: '25' }, 'sim-key-2')).code).toBe(409);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(2_500n);
    // The same request again is still the first answer.
    expect((await simulate(user, { walletType: 'TRC20', amount: '25' }, 'sim-key-2')).result).toEqual(first.result);
  });

  it('follows the deposit rules: under the minimum is recorded, not credited; over the recharge maximum is refused', async () => {
    const user = await registerUser(ctx);
    expect((await simulate(user, { amount: '0.50' })).result).toMatchObject({ network: 'TRC20', status: 'below_minimum' });
    expect(await simulate(user, { amount: '100001' })).toMatchObject({ code: 10021 });
    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(0n);
  });

  it.each([
    [{ amount: 'ten' }, 400],
    [{ amount: '-1' }, 400],
    [{ amount: '10', walletType: 'BTC' }, 400],
    [{ amount: '10\u0000' }, 400],
    [{}, 400],
  ])('refuses %j, changing nothing', async (fields, code) => {
    const user = await registerUser(ctx);
    const before = await snapshotDatabase(ctx.db);
    expect((await simulate(user, fields as Record<string, string>)).code).toBe(code);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });

  it('needs a login', async () => {
    expect((await ctx.api.post('/app/user/recharge/simulateDeposit', { amount: '10' })).code).toBe(401);
  });
});

describe('real-money mode (PLAY_MONEY=false, the production default)', () => {
  it('offers no sandbox channel, no sandbox page, no sandbox callback and no simulated deposit; the operator sees the mode', async () => {
    const real = await createTestContext({ env: { PLAY_MONEY: 'false' } });
    try {
      const user = await registerUser(real);
      expect((await real.api.post<unknown[]>('/app/payChannel/list')).result).toEqual([]);
      const order = await real.api.post(
        '/app/user/cashRecharge/recharge',
        { payChannelName: 'sandbox', amount: '5000' },
        { token: user.token },
      );
      expect(order.code).toBe(10022);
      expect((await real.api.get('/pay/sandbox/R20260101AAAAAAAAAAAA')).code).toBe(404);
      const callback = callbackBody('R20260101AAAAAAAAAAAA', '5000.00');
      expect((await postCallback(real, callback)).code).toBe(404);
      expect((await real.api.post('/app/user/recharge/simulateDeposit', { amount: '1000' }, { token: user.token })).code).toBe(404);
      expect(await balanceOf(real, user.id, 'CASH')).toBe(0n);
      expect(await balanceOf(real, user.id, 'USDT')).toBe(0n);
      const health = await real.api.get('/admin/health', {}, asOperator);
      expect(health.result).toMatchObject({ status: 'ok', moneyMode: 'real', sandboxDeposits: false });
      expect((await ctx.api.get('/admin/health', {}, asOperator)).result).toMatchObject({
        status: 'ok',
        moneyMode: 'play',
        sandboxDeposits: true,
      });
    } finally {
      await real.close();
    }
  });
});

describe('outside sandbox mode', () => {
  it('the action does not exist, and getRecharge does not offer it', async () => {
    const live = await createTestContext({ env: { SANDBOX_DEPOSITS: 'false' } });
    try {
      const user = await registerUser(live);
      const answer = await live.api.post('/app/user/recharge/simulateDeposit', { amount: '10' }, { token: user.token });
      expect(answer).toMatchObject({ code: 404, message: 'Not found' });
      const address = await live.api.post<RechargeAddress>('/app/wallet/getRecharge', {}, { token: user.token });
      expect(address.result.simulate).toBe(false);
    } finally {
      await live.close();
    }
  });
});
