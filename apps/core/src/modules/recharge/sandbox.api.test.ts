import { createApiClient } from '@prism/client/all';
import type { AssetRecord, Paged, RechargeTask, SysMessage } from '@prism/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, registerUser, snapshotDatabase, TEST_SECRET, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import {
  balanceOf,
  callbackBody,
  createPendingOrder,
  expectCode,
  orderStatus,
  postCallback,
  transfersWithReference,
} from '../../testing/recharge';
import { turnoverState } from '../ledger/turnover';
import { botOutbox } from '../notify/schema';
import { signSandboxBody } from './sandboxGateway';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A page of this server; payUrl is absolute-path (/core/...), the test API adds /core itself. */
const page = (path: string, init: RequestInit = {}) => ctx.api.fetch(path.replace(/^\/core/, ''), { redirect: 'manual', ...init });
const payForm = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('the sandbox payment, end to end over real HTTP', () => {
  it('order -> page -> Pay -> redirect into the app -> credited once, recorded, told', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '5000');

    const shown = await page(order.payUrl);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toMatch(/text\/html/);
    expect(shown.headers.get('content-security-policy')).toContain("default-src 'none'");
    // A document under /core: helmet's document headers too, not only the API's.
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await shown.text();
    expect(html).toContain('DEMO');
    expect(html).toContain(order.orderNo);
    expect(html).toContain('5000.00 CASH');
    expect(html).toMatch(/<input[^>]+name="amount"[^>]+value="5000.00"/);
    expect(html).toContain(`action="/core/pay/sandbox/${order.orderNo}/pay"`);
    expect(html).not.toMatch(/<script|src=|https?:\/\//i);

    const paid = await page(`/pay/sandbox/${order.orderNo}/pay`, payForm({ amount: '5000.00', action: 'pay' }));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/pages/Rechargepage/Rechargepage?orderNo=${order.orderNo}`);

    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(500_000n);
    const info = await ctx.api.get<{ cash: string; recharge: string }>('/app/user/getUserInfo', {}, { token: user.token });
    expect(info.result).toMatchObject({ cash: '5000.00', recharge: '5000.00' });

    const records = await ctx.api.get<Paged<AssetRecord>>(
      '/app/user/account/findUserAccountRecordPage',
      { pageNo: '1' },
      { token: user.token },
    );
    expect(records.result.content).toEqual([
      expect.objectContaining({ type: 'recharge', coin: 'CASH', amount: '5000.00', reference: `recharge:${order.orderNo}` }),
    ]);

    const tasks = await ctx.api.get<Paged<RechargeTask>>('/app/user/rechargeTask/list', {}, { token: user.token });
    expect(tasks.result.content).toEqual([
      expect.objectContaining({ kind: 'cash', orderNo: order.orderNo, channel: 'sandbox', amount: '5000.00', status: 'paid' }),
    ]);
    expect(tasks.result.content[0]?.completeDateTime).toEqual(expect.any(String));

    const messages = await ctx.api.get<Paged<SysMessage>>('/app/sysMessage/findUserMsgList', { pageNo: '1' }, { token: user.token });
    expect(messages.result.content).toEqual([expect.objectContaining({ kind: 'recharge_credited', title: 'Recharge received' })]);
    expect(messages.result.content[0]?.content).toContain(order.orderNo);

    const bot = await ctx.db
      .select()
      .from(botOutbox)
      .where(and(eq(botOutbox.userId, user.id), eq(botOutbox.kind, 'recharge_credited')));
    expect(bot).toHaveLength(1);

    // The turnover rule (betLimitRechargeMultiple4Withdraw = 1) now asks for 5000 of bets.
    expect((await turnoverState(ctx.db, user.id, 'CASH')).required).toBe(500_000n);

    // Paying again (a second click) shows the status and credits nothing more.
    const again = await page(`/pay/sandbox/${order.orderNo}/pay`, payForm({ amount: '5000.00', action: 'pay' }));
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`/core/pay/sandbox/${order.orderNo}`);
    const settledPage = await (await page(order.payUrl)).text();
    expect(settledPage).toContain('Paid');
    expect(settledPage).not.toContain('<form');
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(500_000n);
    expect(await transfersWithReference(ctx, `recharge:${order.orderNo}`)).toBe(1);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('Cancel marks the order failed and credits nothing; a later success callback changes nothing', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    const cancelled = await page(`/pay/sandbox/${order.orderNo}/pay`, payForm({ amount: '1000.00', action: 'cancel' }));
    expect(cancelled.status).toBe(303);
    expect(await orderStatus(ctx, order.orderNo)).toBe('failed');
    const late = expectCode(await postCallback(ctx, callbackBody(order.orderNo, '1000.00')), 200);
    expect(late.result.status).toBe('failed');
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(0n);
    expect(await transfersWithReference(ctx, `recharge:${order.orderNo}`)).toBe(0);
  });

  it('paying a different amount on the page marks amount_mismatch and credits nothing', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '2000');
    const paid = await page(`/pay/sandbox/${order.orderNo}/pay`, payForm({ amount: '1999.99', action: 'pay' }));
    expect(paid.status).toBe(303);
    expect(await orderStatus(ctx, order.orderNo)).toBe('amount_mismatch');
    const [row] = await queryRows<{ paid_amount: string }>(
      ctx.db,
      sql`select paid_amount::text from recharge_orders where order_no = ${order.orderNo}`,
    );
    expect(row?.paid_amount).toBe('199999');
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(0n);
    expect(await transfersWithReference(ctx, `recharge:${order.orderNo}`)).toBe(0);
    const tasks = await ctx.api.get<Paged<RechargeTask>>('/app/user/rechargeTask/list', {}, { token: user.token });
    expect(tasks.result.content[0]?.status).toBe('amount_mismatch');
  });

  it('an unreadable amount on the page is refused there and nothing is posted', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    const before = await snapshotDatabase(ctx.db);
    const answer = await page(`/pay/sandbox/${order.orderNo}/pay`, payForm({ amount: '10.001', action: 'pay' }));
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Enter an amount with at most 2 decimals');
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });

  it("the page of someone else's order shows its number, amount and status only; unknown orders are not found", async () => {
    const owner = await registerUser(ctx);
    const order = await createPendingOrder(ctx, owner, '1000');
    // The page needs no login, like a gateway's hosted page: anyone with the number sees the same thing.
    const html = await (await page(order.payUrl)).text();
    expect(html).toContain(order.orderNo);
    expect(html).toContain('1000.00 CASH');
    expect(html).not.toContain(owner.phone);
    expect(html).not.toContain(owner.invitation);
    expect(html).not.toMatch(/user|phone|nick/i);

    for (const missing of ['/pay/sandbox/R20260101AAAAAAAAAAAA', '/pay/sandbox/not-an-order', '/pay/sandbox/%3Cscript%3E']) {
      const answer = await page(missing);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain('Order not found');
    }
    const before = await snapshotDatabase(ctx.db);
    expect((await page('/pay/sandbox/R20260101AAAAAAAAAAAA/pay', payForm({ amount: '1', action: 'pay' }))).status).toBe(404);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });
});

describe('the gateway callback', () => {
  it('a replayed callback credits once and answers success each time', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    const body = callbackBody(order.orderNo, '1000.00');
    for (let i = 0; i < 3; i++) {
      const answer = expectCode(await postCallback(ctx, body), 200);
      expect(answer.result).toEqual({ orderNo: order.orderNo, status: 'paid' });
    }
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(100_000n);
    expect(await transfersWithReference(ctx, `recharge:${order.orderNo}`)).toBe(1);
    const messages = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from sys_messages where user_id = ${user.id} and kind = 'recharge_credited'`,
    );
    expect(messages[0]?.n).toBe(1);
  });

  it('once paid, later callbacks of any kind leave the order exactly as the first one settled it', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    expectCode(await postCallback(ctx, callbackBody(order.orderNo, '1000.00', 'SUCCESS', 'FIRST')), 200);
    const settled = async () =>
      queryRows<{ status: string; gateway_ref: string; paid_amount: string; completed_at: string }>(
        ctx.db,
        sql`select status, gateway_ref, paid_amount::text, completed_at::text from recharge_orders where order_no = ${order.orderNo}`,
      );
    const first = await settled();
    ctx.clock.advance(60_000);
    for (const body of [
      callbackBody(order.orderNo, '0.00', 'FAILED', 'LATER1'),
      callbackBody(order.orderNo, '999.00', 'SUCCESS', 'LATER2'),
      callbackBody(order.orderNo, '1000.00', 'SUCCESS', 'LATER3'),
    ]) {
      expect(expectCode(await postCallback(ctx, body), 200).result.status).toBe('paid');
    }
    expect(await settled()).toEqual(first);
    expect(first[0]).toMatchObject({ status: 'paid', gateway_ref: 'FIRST', paid_amount: '100000' });
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(100_000n);
  });

  it('refuses a forged, missing, tampered or foreign-key signature and changes nothing', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    const body = callbackBody(order.orderNo, '1000.00');
    const before = await snapshotDatabase(ctx.db);
    const attempts: [string, string | null][] = [
      [body, '0'.repeat(64)],
      [body, null],
      [body, 'not-hex'],
      [body, signSandboxBody('another-server-secret', body)],
      // Signed for one body, sent with another (the amount raised).
      [callbackBody(order.orderNo, '9000.00'), signSandboxBody(TEST_SECRET, body)],
      // The raw server secret is not the sandbox key.
      [body, (await import('node:crypto')).createHmac('sha256', TEST_SECRET).update(body).digest('hex')],
    ];
    for (const [sent, signature] of attempts) {
      const answer = await postCallback(ctx, sent, signature);
      expect(answer.code).toBe(10032);
      expect(answer.message).toBe('The payment notification could not be verified');
    }
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
    expect(await orderStatus(ctx, order.orderNo)).toBe('pending');
  });

  it('refuses a signed but malformed body, an unknown order and an unknown gateway, changing nothing', async () => {
    const before = await snapshotDatabase(ctx.db);
    for (const body of [
      '{',
      '[]',
      JSON.stringify({ orderNo: 'R20260101AAAAAAAAAAAA', paidAmount: '-1', status: 'SUCCESS', gatewayRef: 'x' }),
    ]) {
      expect((await postCallback(ctx, body)).code).toBe(10032);
    }
    const unknown = await postCallback(ctx, callbackBody('R20260101AAAAAAAAAAAA', '1000.00'));
    expect(unknown.code).toBe(10027);
    expect((await postCallback(ctx, callbackBody('R20260101AAAAAAAAAAAA', '1000.00'), undefined, 'acme')).code).toBe(404);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });

  it('a paid amount different from the order marks amount_mismatch, credits nothing, and a later exact callback changes nothing', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    expect(expectCode(await postCallback(ctx, callbackBody(order.orderNo, '1000.01')), 200).result.status).toBe('amount_mismatch');
    expect(expectCode(await postCallback(ctx, callbackBody(order.orderNo, '1000.00')), 200).result.status).toBe('amount_mismatch');
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(0n);
    expect(await transfersWithReference(ctx, `recharge:${order.orderNo}`)).toBe(0);
  });

  it("the bot message after the credit speaks the user's language", async () => {
    const user = await registerUser(ctx, { headers: { 'Accept-Language': 'vi' } });
    const order = await createPendingOrder(ctx, user, '1000');
    expectCode(await postCallback(ctx, callbackBody(order.orderNo, '1000.00')), 200);
    const [sent] = await ctx.db
      .select()
      .from(botOutbox)
      .where(and(eq(botOutbox.userId, user.id), eq(botOutbox.kind, 'recharge_credited')));
    expect(sent?.text).toContain('Đã nhận tiền nạp');
    expect(sent?.text).toContain(order.orderNo);
  });

  it('FAILED marks the order failed without credit', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    expect(expectCode(await postCallback(ctx, callbackBody(order.orderNo, '0.00', 'FAILED')), 200).result.status).toBe('failed');
    expect(await orderStatus(ctx, order.orderNo)).toBe('failed');
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(0n);
  });

  it('a form-encoded body cannot pass as a callback (the signature covers raw JSON bytes)', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    const form = new URLSearchParams({ orderNo: order.orderNo, paidAmount: '1000.00', status: 'SUCCESS', gatewayRef: 'x' }).toString();
    const answer = await ctx.api.send('/pay/callback/sandbox', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Sandbox-Signature': signSandboxBody(TEST_SECRET, form) },
      body: form,
    });
    expect(answer.code).toBe(10032);
    expect(await orderStatus(ctx, order.orderNo)).toBe('pending');
  });
});

describe('the typed client', () => {
  it('reaches every money-in endpoint with its wire types', async () => {
    const user = await registerUser(ctx);
    const api = createApiClient({ baseURL: `${ctx.url}/core/`, getToken: () => user.token });
    const channels = await api.recharge.payChannelList();
    expect(channels.map((c) => c.payChannelName)).toContain('sandbox');
    expect((await api.recharge.amountList()).step).toBe('1000.00');
    const order = await api.recharge.recharge({ payChannelName: 'sandbox', amount: '1000' }, { idempotencyKey: 'client-1' });
    expect((await api.recharge.recharge({ payChannelName: 'sandbox', amount: '1000' }, { idempotencyKey: 'client-1' })).orderNo).toBe(
      order.orderNo,
    );
    const wallets = await api.recharge.getWallet();
    expect(wallets.map((w) => w.walletType)).toEqual(['TRC20', 'BEP20', 'ERC20', 'TON']);
    expect((await api.recharge.getRecharge()).address).toBe(wallets[0]?.address);
    expect((await api.recharge.getRecharge('TON')).address).toBe(wallets[3]?.address);
    const tasks = await api.recharge.rechargeTaskList({ pageNo: 1 });
    expect(tasks).toMatchObject({ totalElements: 1, pageNo: 1, content: [{ orderNo: order.orderNo, status: 'pending' }] });
    await expect(api.recharge.recharge({ payChannelName: 'sandbox', amount: '1' })).rejects.toMatchObject({ code: 10020 });
  });
});
