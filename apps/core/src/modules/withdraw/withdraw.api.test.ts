import { localClock } from '@prism/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bindBankCard,
  createTestContext,
  freshWithdrawCode,
  fundUser,
  moneySnapshot,
  operatorActor,
  registerUser,
  registerWithdrawer,
  TEST_OPS_TOKEN,
  type TestContext,
} from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { listAudit } from '../audit';
import { balancesOf } from '../ledger/ledger';
import { ledgerTransfers } from '../ledger/schema';
import { botOutbox } from '../notify/schema';
import { chargeWithdrawConfig } from '../wallet/schema';
import { withdrawals } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { OPERATOR_TELEGRAM_IDS: '4242' } });
});
afterAll(() => ctx.close());
/**
 * Time only moves forward (one-time codes have a 60 s resend rule) and stays
 * inside the default 08:00-17:00 London window (in November London is on UTC).
 */
function nextWindowTime(): Date {
  const next = new Date(ctx.clock.now().getTime() + 2 * 60_000);
  if (next.getUTCHours() >= 9 && next.getUTCHours() < 16) return next;
  const morning = new Date(next);
  if (next.getUTCHours() >= 16) morning.setUTCDate(morning.getUTCDate() + 1);
  morning.setUTCHours(9, 0, 0, 0);
  return morning;
}
beforeEach(() => ctx.clock.set(nextWindowTime()));

const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };

type Withdrawer = Awaited<ReturnType<typeof registerWithdrawer>>;

const withCard = (user: Withdrawer) => bindBankCard(ctx, user, '1234 5678 9012');
const code = (user: Withdrawer) => freshWithdrawCode(ctx, user);

const cashApply = (user: Withdrawer, form: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.api.post<{ id: number; status: string; fee: string; receive: string; amount: string }>('/app/user/cashWithdrawal/apply', form, {
    token: user.token,
    headers,
  });

describe('CASH withdrawal', () => {
  it('auto-approves an amount up to autoAuditAmount: paid, fee kept, messages sent, ledger consistent', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 500_000n);
    const bankCardId = String(await withCard(user));
    const answer = await cashApply(user, { amount: '1000', bankCardId, assetPassword: user.assetPassword, code: await code(user) });
    expect(answer).toMatchObject({
      code: 200,
      message: 'Withdrawal successful',
      result: { status: 'paid', amount: '1000.00', fee: '20.00', receive: '980.00' },
    });
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(400_000n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
    const messages = await ctx.api.get<{ content: { kind: string; content: string }[] }>(
      '/app/sysMessage/findUserMsgList',
      {},
      { token: user.token },
    );
    expect(messages.result.content[0]).toMatchObject({ kind: 'withdraw_approved' });
    const bot = await ctx.db.select().from(botOutbox).where(eq(botOutbox.userId, user.id));
    expect(bot.map((m) => m.kind)).toContain('withdraw_paid');
  });

  it('waits for an operator above autoAuditAmount; approval pays, a second decision is refused', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 500_000n);
    const answer = await cashApply(user, {
      amount: '2500.50',
      bankCardId: String(await withCard(user)),
      assetPassword: user.assetPassword,
      code: await code(user),
    });
    expect(answer.result).toMatchObject({ status: 'pending_review', fee: '50.01', receive: '2450.49' });
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(249_950n);
    const operatorMessages = await ctx.db.select().from(botOutbox).where(eq(botOutbox.chatId, 4242));
    expect(operatorMessages.at(-1)?.text).toContain(`Withdrawal #${answer.result.id}`);
    expect(JSON.stringify(operatorMessages.at(-1)?.buttons)).toContain(`wd:a:${answer.result.id}`);

    const approved = await ctx.api.post<{ status: string }>(`/admin/withdrawals/${answer.result.id}/approve`, {}, asOperator);
    expect(approved.result.status).toBe('paid');
    expect((await ctx.api.post(`/admin/withdrawals/${answer.result.id}/reject`, { reason: 'late' }, asOperator)).code).toBe(10028);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
    const list = await ctx.api.get<{ content: { status: string }[] }>('/app/user/withdraw/list', {}, { token: user.token });
    expect(list.result.content[0]?.status).toBe('paid');
  });

  it('a rejection refunds the amount and tells the user why', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 500_000n);
    const answer = await cashApply(user, {
      amount: '3000',
      bankCardId: String(await withCard(user)),
      assetPassword: user.assetPassword,
      code: await code(user),
    });
    // An empty (whitespace) reason is refused and changes nothing: the user must be told why.
    const before = await moneySnapshot(ctx);
    expect(await ctx.api.post(`/admin/withdrawals/${answer.result.id}/reject`, { reason: '  \u200b ' }, asOperator)).toMatchObject({
      code: 400,
      message: 'Please enter a reason',
    });
    expect(await moneySnapshot(ctx)).toBe(before);
    const rejected = await ctx.api.post<{ status: string; reason: string }>(
      `/admin/withdrawals/${answer.result.id}/reject`,
      { reason: '  Card holder name does not match ' },
      asOperator,
    );
    expect(rejected.result).toMatchObject({ status: 'rejected', reason: 'Card holder name does not match' });
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(500_000n);
    const message = await ctx.api.get<{ content: { kind: string; content: string }[] }>(
      '/app/sysMessage/findUserMsgList',
      {},
      { token: user.token },
    );
    expect(message.result.content[0]?.content).toContain('Card holder name does not match');
    expect((await ctx.api.post(`/admin/withdrawals/${answer.result.id}/approve`, {}, asOperator)).code).toBe(10028);
    expect((await ctx.api.post('/admin/withdrawals/999999/approve', {}, asOperator)).code).toBe(10027);
    // The state comes before the reason: an already decided (or unknown) withdrawal says so, even without a reason.
    expect((await ctx.api.post(`/admin/withdrawals/${answer.result.id}/reject`, {}, asOperator)).code).toBe(10028);
    expect((await ctx.api.post('/admin/withdrawals/999999/reject', { reason: ' ' }, asOperator)).code).toBe(10027);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('an Idempotency-Key retry returns the first answer and moves money once; another body with that key is refused', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 500_000n);
    const form = { amount: '500', bankCardId: String(await withCard(user)), assetPassword: user.assetPassword, code: await code(user) };
    const first = await cashApply(user, form, { 'Idempotency-Key': 'wd-1' });
    const again = await cashApply(user, form, { 'Idempotency-Key': 'wd-1' });
    expect(again).toMatchObject({ code: 200, result: { id: first.result.id } });
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(450_000n);
    expect((await cashApply(user, { ...form, amount: '600' }, { 'Idempotency-Key': 'wd-1' })).code).toBe(409);
  });
});

describe('every rule has its message and moves no money', () => {
  let user: Withdrawer;
  let bankCardId: string;
  beforeAll(async () => {
    ctx.clock.set(nextWindowTime());
    user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 100_000n);
    bankCardId = String(await withCard(user));
  });

  const attempt = async (form: Record<string, string>, withCode = true) => {
    const full: Record<string, string> = { amount: '500', bankCardId, assetPassword: user.assetPassword, ...form };
    if (withCode && !('code' in form)) full.code = await code(user);
    const before = await moneySnapshot(ctx);
    const answer = await cashApply(user, full);
    expect(await moneySnapshot(ctx)).toBe(before);
    return answer;
  };

  it.each([
    ['below the minimum', { amount: '199.99' }, 'Cannot be less than the minimum withdrawal amount'],
    ['above the maximum', { amount: '50000.01' }, 'Cannot exceed the maximum withdrawal amount'],
    ['more than the balance', { amount: '1000.01' }, 'Insufficient balance'],
    ['a negative amount', { amount: '-500' }, 'Enter an amount with at most 2 decimals'],
    ['a zero amount', { amount: '0' }, 'The amount must be greater than zero'],
    ['a non-numeric amount', { amount: 'abc' }, 'Enter an amount with at most 2 decimals'],
    ['three decimals', { amount: '500.001' }, 'Enter an amount with at most 2 decimals'],
    ['an amount of 20 nines', { amount: '99999999999999999999' }, 'The amount is too large'],
    ['an amount above the ceiling', { amount: '10000000000000.01' }, 'The amount is too large'],
    ['no amount', { amount: '' }, 'Please enter the amount'],
    ['no bank card', { bankCardId: '' }, 'bankCardId: Invalid value'],
    ["someone else's card", { bankCardId: '1' }, 'Please add a bank card first'],
    ['no payment password', { assetPassword: '' }, 'Please enter the password'],
    ['a wrong payment password', { assetPassword: '135790' }, 'The payment password is incorrect'],
    ['a wrong code', { code: '000000' }, 'Withdrawal verification code is incorrect'],
    ['no code', { code: '' }, 'Please enter the verification code'],
  ])('%s', async (_name, form, message) => {
    const answer = await attempt(form);
    expect(answer.message).toBe(message);
  });

  it('outside the published hours (17:00 London) and on closed days', async () => {
    const evening = new Date(ctx.clock.now());
    evening.setUTCHours(17, 0, 0, 0);
    ctx.clock.set(evening);
    expect((await attempt({})).message).toBe('Withdrawals are only available during the published hours');
    ctx.clock.set(nextWindowTime());
    const today = localClock(ctx.clock.now(), 'Europe/London').weekDay;
    const otherDays = [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== today).join(',');
    await ctx.db.update(chargeWithdrawConfig).set({ weekDays: otherDays }).where(eq(chargeWithdrawConfig.currency, 'CASH'));
    try {
      expect((await attempt({})).message).toBe('Withdrawals are only available during the published hours');
    } finally {
      await ctx.db.update(chargeWithdrawConfig).set({ weekDays: '1,2,3,4,5,6,7' }).where(eq(chargeWithdrawConfig.currency, 'CASH'));
    }
  });

  it('when withdrawals are closed', async () => {
    await ctx.db.update(chargeWithdrawConfig).set({ openWithdraw: false }).where(eq(chargeWithdrawConfig.currency, 'CASH'));
    try {
      expect((await attempt({})).message).toBe('Withdrawals are closed at the moment');
    } finally {
      await ctx.db.update(chargeWithdrawConfig).set({ openWithdraw: true }).where(eq(chargeWithdrawConfig.currency, 'CASH'));
    }
  });

  it('over the daily cap', async () => {
    await ctx.db.update(chargeWithdrawConfig).set({ withdrawLimitSingleDay: 40_000n }).where(eq(chargeWithdrawConfig.currency, 'CASH'));
    try {
      expect((await attempt({ amount: '400.01' })).message).toBe('This exceeds the daily withdrawal limit');
    } finally {
      await ctx.db
        .update(chargeWithdrawConfig)
        .set({ withdrawLimitSingleDay: 10_000_000n })
        .where(eq(chargeWithdrawConfig.currency, 'CASH'));
    }
  });
});

describe('preconditions', () => {
  it('the turnover rule: a recharge must be bet once before it can leave', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 100_000n, 10_000);
    const info = await ctx.api.get<{ cash: string; cashWithdrawBalance: string }>('/app/user/getUserInfo', {}, { token: user.token });
    expect(info.result).toMatchObject({ cash: '1000.00', cashWithdrawBalance: '0.00' });
    const answer = await cashApply(user, {
      amount: '500',
      bankCardId: String(await withCard(user)),
      assetPassword: user.assetPassword,
      code: await code(user),
    });
    expect(answer.message).toBe('Insufficient withdrawable balance');
  });

  it('a Telegram username is required, for the code and for the withdrawal', async () => {
    const user = await registerWithdrawer(ctx, { username: null });
    expect((await ctx.api.post('/app/user/withdraw/sendCode', {}, { token: user.token })).message).toBe(
      'Please set a username in Telegram before you can withdraw.',
    );
    const unlinked = await registerUser(ctx);
    expect((await ctx.api.post('/app/user/withdraw/sendCode', {}, { token: unlinked.token })).code).toBe(10007);
  });

  it('a payment password must be set, and five wrong ones lock it for 15 minutes', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 100_000n);
    const bankCardId = String(await withCard(user));
    const form = { amount: '500', bankCardId, code: '123456' };
    for (let i = 0; i < 4; i++) expect((await cashApply(user, { ...form, assetPassword: '111111' })).code).toBe(10026);
    expect((await cashApply(user, { ...form, assetPassword: '111111' })).message).toBe(
      'Too many wrong payment passwords, please try again in 15 minutes',
    );
    expect((await cashApply(user, { ...form, assetPassword: user.assetPassword })).code).toBe(10033);
    ctx.clock.advance(15 * 60_000 + 1);
    expect((await cashApply(user, { ...form, assetPassword: user.assetPassword })).code).toBe(10005);

    const noPassword = await registerUser(ctx);
    expect(
      (await ctx.api.post('/app/user/cashWithdrawal/apply', { ...form, assetPassword: '123456' }, { token: noPassword.token })).message,
    ).toBe('Please add a bank card first');
  });
});

describe('USDT withdrawal', () => {
  it('needs a bound address on the chosen network, then pays to it', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'USDT', 10_000n);
    const form = { amount: '20', walletType: 'TRC20', assetPassword: user.assetPassword };
    expect((await ctx.api.post('/app/user/withdraw/withdrawal', { ...form, code: '123456' }, { token: user.token })).message).toBe(
      'Please add the address first',
    );
    const bound = await ctx.api.post('/app/user/wallet/bind', { walletType: 'TRC20', address: TRC20 }, { token: user.token });
    expect(bound).toMatchObject({ code: 200, message: 'Successfully Bound' });
    const answer = await ctx.api.post<{ status: string; destination: string; fee: string }>(
      '/app/user/withdraw/withdrawal',
      { ...form, code: await code(user) },
      { token: user.token },
    );
    expect(answer.result).toMatchObject({ status: 'paid', destination: TRC20, fee: '0.20' });
    const info = await ctx.api.get<{ usdtBalance: string; walletTrc: string; usdtWithdraw: string }>(
      '/app/user/getUserInfo',
      {},
      { token: user.token },
    );
    expect(info.result).toMatchObject({ usdtBalance: '80.00', walletTrc: TRC20, usdtWithdraw: '20.00' });
  });

  it.each([
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'],
    ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    ['BEP20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['TON', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2O'],
  ])('refuses an invalid %s address', async (walletType, address) => {
    const user = await registerUser(ctx);
    expect((await ctx.api.post('/app/user/wallet/bind', { walletType, address }, { token: user.token })).message).toBe(
      'This address is not valid for the chosen network',
    );
  });
});

describe('bank cards', () => {
  it('validates, masks, pages and only lets the owner change them', async () => {
    const user = await registerWithdrawer(ctx);
    const other = await registerUser(ctx);
    const bad = (form: Record<string, string>) => ctx.api.post('/app/userBank/save', form, { token: user.token });
    const good = { bankName: 'HDFC', cardNumber: '50100012345678', holderName: 'A Kumar', ifsc: 'HDFC0000123' };
    expect((await bad({ ...good, ifsc: 'HDFC123' })).message).toBe('Enter a valid IFSC code, e.g. SBIN0001234');
    expect((await bad({ ...good, cardNumber: '12ab' })).message).toBe('Enter an account number of 9 to 18 digits');
    expect((await bad({ ...good, holderName: ' ' })).message).toBe('Please enter the cardholder name');
    const saved = await bad(good);
    expect(saved).toMatchObject({ code: 200, message: 'Successfully Bound', result: { cardNumber: '••••5678', ifsc: 'HDFC0000123' } });
    expect((await bad(good)).message).toBe('This bank card is already bound');
    const page = await ctx.api.post<{ content: unknown[]; totalElements: number; pageNo: number }>(
      '/app/userBank/page',
      { pageNo: '1' },
      { token: user.token },
    );
    expect(page.result).toMatchObject({ totalElements: 1, pageNo: 1 });
    const id = String((saved.result as { id: number }).id);
    expect((await ctx.api.post('/app/userBank/save', { ...good, id }, { token: other.token })).code).toBe(10024);
    expect((await ctx.api.post('/app/userBank/remove', { id }, { token: other.token })).code).toBe(10024);
    expect((await ctx.api.post<unknown[]>('/app/userBank/list', {}, { token: other.token })).result).toEqual([]);
    expect((await ctx.api.post('/app/userBank/remove', { id }, { token: user.token })).code).toBe(200);
  });
});

describe('four eyes above secondApprovalAbove', () => {
  it('the first approval waits; the same operator again is refused; a second operator pays it; transfers carry the audit id', async () => {
    const setThreshold = (value: string) =>
      ctx.api.post('/admin/wallet/config', { currency: 'CASH', field: 'secondApprovalAbove', value }, asOperator);
    expect((await setThreshold('2000')).result).toMatchObject({ secondApprovalAbove: '2000.00' });
    try {
      const user = await registerWithdrawer(ctx);
      await fundUser(ctx, user.id, 'CASH', 500_000n);
      const form = { amount: '2500', bankCardId: String(await withCard(user)), assetPassword: user.assetPassword, code: await code(user) };
      const { id } = (await cashApply(user, form)).result;
      const first = await ctx.api.post<{ status: string; firstApprovedBy: string }>(`/admin/withdrawals/${id}/approve`, {}, asOperator);
      expect(first.result).toMatchObject({ status: 'awaitingSecondApproval', firstApprovedBy: 'test-owner' });
      expect(await ctx.api.post(`/admin/withdrawals/${id}/approve`, {}, asOperator)).toMatchObject({ code: 19101 });
      const queue = await ctx.api.get<{ id: number; secondApprovalNeeded: boolean; firstApprovedBy: string | null }[]>(
        '/admin/withdrawals',
        { status: 'pending_review' },
        asOperator,
      );
      expect(queue.result.find((row) => row.id === id)).toMatchObject({ secondApprovalNeeded: true, firstApprovedBy: 'test-owner' });
      expect((await balancesOf(ctx.db, user.id)).CASH).toBe(250_000n);

      const paid = await ctx.services.withdraw.approve(id, operatorActor(2, 'bob'));
      expect(paid.status).toBe('paid');
      const audit = await listAudit(ctx.db, { targetType: 'withdrawal', targetId: String(id), limit: 5 });
      expect(audit.list.map((row) => [row.action, row.operatorLogin])).toEqual([
        ['withdrawal.approve', 'bob'],
        ['withdrawal.firstApprove', 'test-owner'],
      ]);
      expect(audit.list[0]).toMatchObject({
        before: { status: 'pending_review', firstApprovedBy: 'test-owner' },
        after: { status: 'paid' },
      });
      const moved = await ctx.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.reference, `withdrawal:${paid.orderNo}`));
      expect(
        moved
          .filter((row) => row.auditId === audit.list[0]?.id)
          .map((row) => row.type)
          .sort(),
      ).toEqual(['withdraw_fee', 'withdraw_paid']);
      expect((await checkLedger(ctx.db)).ok).toBe(true);
    } finally {
      await setThreshold('0');
    }
  });

  it('a rejection is audited with before and after, and its refund carries the audit id', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 500_000n);
    const form = { amount: '3000', bankCardId: String(await withCard(user)), assetPassword: user.assetPassword, code: await code(user) };
    const { id } = (await cashApply(user, form)).result;
    const [{ orderNo } = { orderNo: '' }] = await ctx.db
      .select({ orderNo: withdrawals.orderNo })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    await ctx.api.post(`/admin/withdrawals/${id}/reject`, { reason: 'Name mismatch' }, asOperator);
    const [row] = (await listAudit(ctx.db, { action: 'withdrawal.reject', targetId: String(id), limit: 1 })).list;
    expect(row).toMatchObject({ before: { status: 'pending_review' }, after: { status: 'rejected' }, reason: 'Name mismatch' });
    const [refund] = await ctx.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, `withdrawal:${orderNo}`))
      .orderBy(desc(ledgerTransfers.id));
    expect(refund).toMatchObject({ type: 'withdraw_refund', auditId: row?.id });
  });
});
