import { HttpClient } from '@prism/client';
import {
  addressFromSeed,
  type ChainDeposit,
  type DepositWallet,
  isValidAddress,
  type Paged,
  type RechargeAddress,
  type RechargeOrderAdmin,
  type RechargeTask,
  type SysMessage,
} from '@prism/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rechargeCommands } from '../../cli/commands/recharge';
import { queryRows } from '../../db/client';
import { createTestContext, registerUser, snapshotDatabase, TEST_OPS_TOKEN, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { asOperator, balanceOf, createPendingOrder, transfersWithReference } from '../../testing/recharge';
import { turnoverState } from '../ledger/turnover';
import { depositAddresses } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const walletsOf = (user: TestUser) => ctx.api.post<DepositWallet[]>('/app/user/recharge/getWallet', {}, { token: user.token });
const addressOf = async (user: TestUser, network = 'TRC20') =>
  (await walletsOf(user)).result.find((w) => w.walletType === network)?.address ?? '';
let txCounter = 0;
const newTx = () => {
  txCounter += 1;
  return `tx${Date.now().toString(16)}${txCounter}`;
};
const report = (fields: Record<string, string>) =>
  ctx.api.post<{ deposit: ChainDeposit; credited: boolean }>('/admin/deposits/report', fields, asOperator);
const messagesOf = async (user: TestUser) =>
  (await ctx.api.get<Paged<SysMessage>>('/app/sysMessage/findUserMsgList', { pageNo: '1' }, { token: user.token })).result.content;
/** A valid TRON address that is nobody's deposit address. */
const strangerAddress = addressFromSeed('TRC20', new Uint8Array(32).fill(7));

describe('deposit addresses', () => {
  it('getWallet gives one valid address per network, created once, different for each user', async () => {
    const a = await registerUser(ctx);
    const b = await registerUser(ctx);
    const first = await walletsOf(a);
    expect(first.code).toBe(200);
    expect(first.result.map((w) => w.walletType)).toEqual(['TRC20', 'BEP20', 'ERC20', 'TON']);
    for (const wallet of first.result) expect(isValidAddress(wallet.walletType, wallet.address)).toBe(true);
    expect((await walletsOf(a)).result).toEqual(first.result);
    expect(await ctx.db.select().from(depositAddresses).where(eq(depositAddresses.userId, a.id))).toHaveLength(4);
    const other = (await walletsOf(b)).result;
    for (const [i, wallet] of other.entries()) expect(wallet.address).not.toBe(first.result[i]?.address);
  });

  it('getRecharge: TRC20 by default, any network on request, with the 1 USDT minimum and 12 confirmations', async () => {
    const user = await registerUser(ctx);
    const answer = await ctx.api.post<RechargeAddress>('/app/wallet/getRecharge', {}, { token: user.token });
    expect(answer.result).toEqual({
      walletType: 'TRC20',
      address: await addressOf(user),
      minDeposit: '1.00',
      confirmations: 12,
      demo: true,
      simulate: true,
    });
    for (const network of ['BEP20', 'ERC20', 'TON']) {
      const one = await ctx.api.post<RechargeAddress>('/app/wallet/getRecharge', { walletType: network }, { token: user.token });
      expect(one.result.address).toBe(await addressOf(user, network));
    }
  });

  it('refuses an unknown network and callers without a login, changing nothing', async () => {
    const user = await registerUser(ctx);
    const before = await snapshotDatabase(ctx.db);
    const bad = await ctx.api.post('/app/wallet/getRecharge', { walletType: 'BTC' }, { token: user.token });
    expect(bad.code).toBe(400);
    expect(bad.result).toMatchObject({ field: 'walletType' });
    expect((await ctx.api.post('/app/wallet/getRecharge', {})).code).toBe(401);
    expect((await ctx.api.post('/app/user/recharge/getWallet', {})).code).toBe(401);
    expect((await ctx.api.get('/app/user/rechargeTask/list')).code).toBe(401);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });

  it('refuses while USDT recharge is closed', async () => {
    const user = await registerUser(ctx);
    await ctx.api.post('/admin/wallet/config', { currency: 'USDT', field: 'openRecharge', value: 'false' }, asOperator);
    const before = await snapshotDatabase(ctx.db);
    expect((await ctx.api.post('/app/wallet/getRecharge', {}, { token: user.token })).code).toBe(10019);
    expect((await walletsOf(user)).code).toBe(10019);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
    await ctx.api.post('/admin/wallet/config', { currency: 'USDT', field: 'openRecharge', value: 'true' }, asOperator);
  });
});

describe('deposits reported by the chain watcher', () => {
  it('stays pending below 12 confirmations, is credited at 12, and a repeated report credits once', async () => {
    const user = await registerUser(ctx);
    const address = await addressOf(user);
    const txHash = newTx();
    const at = (confirmations: number) => report({ network: 'TRC20', address, amount: '25', confirmations: String(confirmations), txHash });

    for (const confirmations of [1, 11]) {
      const answer = await at(confirmations);
      expect(answer.result).toMatchObject({
        credited: false,
        deposit: { status: 'pending', confirmations, userId: user.id, amount: '25.00' },
      });
      expect(await balanceOf(ctx, user.id, 'USDT')).toBe(0n);
    }
    const pendingTask = (await ctx.api.get<Paged<RechargeTask>>('/app/user/rechargeTask/list', {}, { token: user.token })).result.content;
    expect(pendingTask).toEqual([
      expect.objectContaining({ kind: 'usdt', orderNo: txHash, channel: 'TRC20', status: 'pending', completeDateTime: null }),
    ]);

    const credited = await at(12);
    expect(credited.result).toMatchObject({ credited: true, deposit: { status: 'credited', confirmations: 12 } });
    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(2_500n);

    for (const confirmations of [13, 12, 40]) expect((await at(confirmations)).result.credited).toBe(false);
    // A lower count reported late never lowers what was seen.
    expect((await at(3)).result.deposit.confirmations).toBe(40);
    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(2_500n);
    expect(await transfersWithReference(ctx, `deposit:TRC20:${txHash}`)).toBe(1);

    const info = await ctx.api.get<{ usdtBalance: string; usdtRecharge: string }>('/app/user/getUserInfo', {}, { token: user.token });
    expect(info.result).toMatchObject({ usdtBalance: '25.00', usdtRecharge: '25.00' });
    expect((await turnoverState(ctx.db, user.id, 'USDT')).required).toBe(2_500n);
    expect((await messagesOf(user)).map((m) => m.kind)).toEqual(['deposit_credited']);
    const task = (await ctx.api.get<Paged<RechargeTask>>('/app/user/rechargeTask/list', {}, { token: user.token })).result.content[0];
    expect(task).toMatchObject({ status: 'credited', amount: '25.00', currency: 'USDT' });
    expect(task?.completeDateTime).toEqual(expect.any(String));
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('a deposit arriving already confirmed is credited on its first report; EVM addresses match in any case', async () => {
    const user = await registerUser(ctx);
    const address = (await addressOf(user, 'BEP20')).toLowerCase();
    const answer = await report({ network: 'BEP20', address, amount: '1', confirmations: '12', txHash: newTx() });
    expect(answer.result).toMatchObject({ credited: true, deposit: { userId: user.id, status: 'credited' } });
    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(100n);
  });

  it('below 1 USDT: recorded and told to the user, never credited', async () => {
    const user = await registerUser(ctx);
    const address = await addressOf(user, 'TON');
    const txHash = newTx();
    for (const confirmations of ['12', '30']) {
      const answer = await report({ network: 'TON', address, amount: '0.99', confirmations, txHash });
      expect(answer.result).toMatchObject({ credited: false, deposit: { status: 'below_minimum', userId: user.id, amount: '0.99' } });
    }
    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(0n);
    expect(await transfersWithReference(ctx, `deposit:TON:${txHash}`)).toBe(0);
    const messages = await messagesOf(user);
    expect(messages.map((m) => m.kind)).toEqual(['deposit_below_minimum']);
    expect(messages[0]?.content).toContain('0.99');
    const tasks = (await ctx.api.get<Paged<RechargeTask>>('/app/user/rechargeTask/list', {}, { token: user.token })).result.content;
    expect(tasks).toEqual([expect.objectContaining({ kind: 'usdt', status: 'below_minimum', amount: '0.99' })]);
    const listed = await ctx.api.get<ChainDeposit[]>('/admin/deposits', { status: 'below_minimum' }, asOperator);
    expect(listed.result.map((d) => d.txHash)).toContain(txHash);
  });

  it('to an address that is nobody’s: recorded as unknown_address for the operator, credits nobody', async () => {
    const transfersBefore = (await checkLedger(ctx.db)).transfers;
    const txHash = newTx();
    const answer = await report({ network: 'TRC20', address: strangerAddress, amount: '50', confirmations: '20', txHash });
    expect(answer.result).toMatchObject({ credited: false, deposit: { status: 'unknown_address', userId: null, amount: '50.00' } });
    expect((await checkLedger(ctx.db)).transfers).toBe(transfersBefore);
    const listed = await ctx.api.get<ChainDeposit[]>('/admin/deposits', { status: 'unknown_address' }, asOperator);
    expect(listed.result.map((d) => d.txHash)).toContain(txHash);
  });

  it('refuses bad reports and non-operators, changing nothing', async () => {
    const user = await registerUser(ctx);
    const address = await addressOf(user);
    const before = await snapshotDatabase(ctx.db);
    const bad: [Record<string, string>, number][] = [
      [{ network: 'TRC20', address: 'T-not-an-address', amount: '5', confirmations: '12' }, 10023],
      [{ network: 'TRC20', address: await addressOf(user, 'BEP20'), amount: '5', confirmations: '12' }, 10023],
      [{ network: 'BTC', address, amount: '5', confirmations: '12' }, 400],
      [{ network: 'TRC20', address, amount: '-5', confirmations: '12' }, 400],
      [{ network: 'TRC20', address, amount: '0', confirmations: '12' }, 400],
      [{ network: 'TRC20', address, amount: '5.001', confirmations: '12' }, 400],
      [{ network: 'TRC20', address, amount: '5', confirmations: '-1' }, 400],
      [{ network: 'TRC20', address, amount: '5' }, 400],
      [{ network: 'TRC20', address, amount: '5', confirmations: '12', txHash: 'bad hash!' }, 400],
    ];
    for (const [fields, code] of bad) expect((await report(fields)).code).toBe(code);
    const asUser = await ctx.api.post(
      '/admin/deposits/report',
      { network: 'TRC20', address, amount: '5', confirmations: '12' },
      { token: user.token },
    );
    expect(asUser.code).toBe(401);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });
});

describe('the recharge list and the operator', () => {
  it('rechargeTask/list merges CASH orders and USDT deposits, newest first, paged, only the caller’s', async () => {
    const user = await registerUser(ctx);
    const other = await registerUser(ctx);
    await createPendingOrder(ctx, other, '1000');
    const older = await createPendingOrder(ctx, user, '1000');
    ctx.clock.advance(60_000);
    const txHash = newTx();
    await report({ network: 'TRC20', address: await addressOf(user), amount: '10', confirmations: '12', txHash });
    ctx.clock.advance(60_000);
    const newest = await createPendingOrder(ctx, user, '2000');

    const list = (query: Record<string, string>) =>
      ctx.api.get<Paged<RechargeTask>>('/app/user/rechargeTask/list', query, { token: user.token }).then((a) => a.result);
    const all = await list({});
    expect(all.totalElements).toBe(3);
    expect(all.content.map((t) => [t.kind, t.orderNo])).toEqual([
      ['cash', newest.orderNo],
      ['usdt', txHash],
      ['cash', older.orderNo],
    ]);
    expect(await list({ pageNo: '2', pageSize: '2' })).toMatchObject({
      pageNo: 2,
      totalElements: 3,
      content: [{ orderNo: older.orderNo }],
    });
    expect((await ctx.api.get('/app/user/rechargeTask/list', { pageSize: '0' }, { token: user.token })).code).toBe(400);
  });

  it('the operator lists recharge orders by status; users cannot', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    const pending = await ctx.api.get<RechargeOrderAdmin[]>('/admin/recharge/orders', { status: 'pending' }, asOperator);
    expect(pending.result.find((o) => o.orderNo === order.orderNo)).toMatchObject({ userId: user.id, amount: '1000.00', paidAmount: null });
    expect(
      (await ctx.api.get<RechargeOrderAdmin[]>('/admin/recharge/orders', { status: 'paid' }, asOperator)).result.map((o) => o.orderNo),
    ).not.toContain(order.orderNo);
    expect((await ctx.api.get('/admin/recharge/orders', { status: 'nope' }, asOperator)).code).toBe(400);
    expect((await ctx.api.get('/admin/recharge/orders', {}, { token: user.token })).code).toBe(401);
  });

  it('the ops CLI commands report a deposit and list deposits and orders', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    const http = new HttpClient({ baseURL: `${ctx.url}/core/`, getToken: () => `Ops ${TEST_OPS_TOKEN}` });
    const run = (words: string, args: string[]) => {
      const command = rechargeCommands.find((c) => c.words.join(' ') === words);
      if (!command) throw new Error(`no command ${words}`);
      return command.run(args, http);
    };
    const address = await addressOf(user);
    const reported = (await run('deposits report', [
      '--network',
      'TRC20',
      '--address',
      address,
      '--amount',
      '25',
      '--confirmations',
      '12',
    ])) as {
      deposit: ChainDeposit;
    };
    expect(reported.deposit).toMatchObject({ status: 'credited', userId: user.id });
    expect(reported.deposit.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(2_500n);
    await run('deposits report', ['--network', 'TRC20', '--address', address, '--amount', '5', '--confirmations', '2', '--tx', 'cli-tx-1']);
    const pending = (await run('deposits list', ['--status', 'pending'])) as ChainDeposit[];
    expect(pending.map((d) => d.txHash)).toContain('cli-tx-1');
    const orders = (await run('recharge orders', ['--status', 'pending'])) as RechargeOrderAdmin[];
    expect(orders.map((o) => o.orderNo)).toContain(order.orderNo);
    const [row] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from chain_deposits where tx_hash = 'cli-tx-1'`);
    expect(row?.n).toBe(1);
  });
});
