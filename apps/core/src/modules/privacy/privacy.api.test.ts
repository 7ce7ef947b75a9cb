import { existsSync } from 'node:fs';
import path from 'node:path';
import { sign } from '@telegram-apps/init-data-node';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  bindBankCard,
  createTestContext,
  freshWithdrawCode,
  fundUser,
  lastSmsCode,
  moneySnapshot,
  registerUser,
  registerWithdrawer,
  TEST_BOT_TOKEN,
  type TestContext,
  type TestUser,
} from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { advisorOrders, advisorProducts } from '../followInvest/schema';
import { rechargeOrders } from '../recharge/schema';
import { users } from '../user/schema';
import { bankCards, withdrawals } from '../withdraw/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Inside the default withdrawal hours (08:00-17:00 London, UTC in November).
  ctx.clock.set('2026-11-10T10:00:00Z');
});
afterAll(() => ctx.close());

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

/** The raw export answer (a download, not an envelope, unless refused). */
async function exportOf(user: TestUser, format: 'json' | 'csv', query: Record<string, string> = {}) {
  ctx.clock.advance(61_000); // one export a minute
  const search = new URLSearchParams({ format, ...query }).toString();
  return ctx.api.fetch(`/app/user/myData/export?${search}`, { headers: { Authorization: user.token } });
}

const deletable = (user: TestUser) =>
  ctx.api.get<{ deletable: boolean; blockers: { reason: string; items: string[] }[] }>(
    '/app/user/myData/deletable',
    {},
    { token: user.token },
  );
const remove = (user: TestUser, form: Record<string, string> = { password: user.password, confirmation: 'DELETE' }) =>
  ctx.api.post('/app/user/myData/delete', form, { token: user.token });
const login = (phone: string, password: string) => ctx.api.post<{ token: string }>('/app/auth/login', { phone, password });

describe('my data: export', () => {
  it('downloads the caller’s own data as one JSON document, section by section', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 12_345n);
    await bindBankCard(ctx, user, '987654321012');
    const answer = await exportOf(user, 'json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('content-disposition')).toMatch(
      new RegExp(`attachment; filename="prism-my-data-${user.id}-\\d{4}-\\d{2}-\\d{2}\\.json"`),
    );
    const document = (await answer.json()) as { userId: number; sections: Record<string, Record<string, unknown>[]> };
    expect(document.userId).toBe(user.id);
    expect(Object.keys(document.sections)).toEqual([
      'profile',
      'payoutDetails',
      'records',
      'recharges',
      'withdrawals',
      'bets',
      'messages',
      'team',
      'power',
      'followInvest',
      'fixedDeposits',
      'signIns',
      'giftCodes',
      'notifications',
      'supportChat',
    ]);
    expect(document.sections.profile).toEqual([
      expect.objectContaining({ id: user.id, phone: user.phone, invitationCode: user.invitation }),
    ]);
    expect(JSON.stringify(document.sections.profile)).not.toContain('argon2');
    expect(document.sections.records).toEqual([expect.objectContaining({ type: 'recharge', coin: 'CASH', amount: '123.45' })]);
    expect(document.sections.payoutDetails).toEqual([
      expect.objectContaining({ kind: 'bankCard', number: '987654321012', holderName: 'A Kumar' }),
    ]);
  });

  it('shows the team as the team pages do (masked phones), and the CSV opens in a spreadsheet', async () => {
    const parent = await registerUser(ctx);
    const child = await registerUser(ctx, { invitationCode: parent.invitation });
    const answer = await exportOf(parent, 'csv');
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark, for spreadsheets
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('section,exportedAt,userId\r\n')).toBe(true);
    expect(text).toContain('# section: team\r\nsection,tier,id,phone,nickName,createDateTime\r\n');
    const teamLine = text.split('\r\n').find((line) => line.startsWith(`team,1,${child.id},`));
    expect(teamLine).toBeDefined();
    expect(teamLine).not.toContain(child.phone);
    expect(text).toContain('# section: bets\r\nsection,(none)\r\n');
  });

  it('gives only the caller’s data, whatever the query says (IDOR), and only once a minute', async () => {
    const owner = await registerUser(ctx);
    await fundUser(ctx, owner.id, 'USDT', 777n);
    const other = await registerUser(ctx);
    const answer = await exportOf(other, 'json', { userId: String(owner.id), id: String(owner.id) });
    const text = await answer.text();
    expect(text).not.toContain(owner.phone);
    expect(text).not.toContain('7.77');
    expect((JSON.parse(text) as { userId: number }).userId).toBe(other.id);

    const again = await ctx.api.get('/app/user/myData/export', { format: 'json' }, { token: other.token });
    expect(again).toMatchObject({ code: 26506, result: { retryAfterSeconds: 60 } });
    expect((await ctx.api.get('/app/user/myData/export', { format: 'xml' }, { token: other.token })).code).toBe(400);
    expect((await ctx.api.get('/app/user/myData/export', { format: 'json' })).code).toBe(401);
  });
});

describe('my data: account deletion refused', () => {
  it('names every reason up front, refuses with the first, and changes nothing', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 1n);
    await ctx.db.insert(rechargeOrders).values({
      orderNo: `R-mydata-${user.id}`,
      userId: user.id,
      payChannelName: 'sandbox',
      currency: 'CASH',
      amount: 10_000n,
      status: 'pending',
      createdAt: ctx.clock.now(),
    });
    const [product] = await ctx.db.select().from(advisorProducts).limit(1);
    if (!product) throw new Error('no follow-invest product seeded');
    await ctx.db.insert(advisorOrders).values({
      userId: user.id,
      productId: product.id,
      blogger: 'advisor',
      coin: 'CASH',
      stakingAmount: 10_000n,
      giftAmount: 0n,
      dailyRateBp: 100,
      days: 7,
      feeRateBp: 0,
      startDay: '2026-11-10',
      endDay: '2026-11-17',
      deadline: new Date('2026-11-17T00:00:00Z'),
      createdAt: ctx.clock.now(),
    });
    expect((await deletable(user)).result).toEqual({
      deletable: false,
      confirmationWord: 'DELETE',
      blockers: [
        { reason: 'money_held', items: ['CASH'] },
        { reason: 'money_in_flight', items: ['recharges'] },
        { reason: 'staked', items: ['followInvest'] },
      ],
    });
    const before = await moneySnapshot(ctx);
    expect(await remove(user)).toMatchObject({ code: 26501 });

    // Each reason on its own refuses too, with its own code.
    await ctx.db.execute(sql`update ledger_accounts set balance = 0 where user_id = ${user.id}`);
    expect(await remove(user)).toMatchObject({ code: 26502 });
    await ctx.db.update(rechargeOrders).set({ status: 'failed' }).where(eq(rechargeOrders.userId, user.id));
    expect(await remove(user)).toMatchObject({ code: 26503 });
    await ctx.db.execute(sql`update ledger_accounts set balance = 1 where user_id = ${user.id}`);
    expect(await moneySnapshot(ctx)).toBe(before);

    expect((await login(user.phone, user.password)).code).toBe(200);
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: user.token })).code).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ phone: user.phone, closedAt: null });
  });

  it('wants the login password and the typed word; a wrong one changes nothing', async () => {
    const user = await registerUser(ctx);
    expect(await remove(user, { password: 'wrong-password', confirmation: 'DELETE' })).toMatchObject({ code: 26504 });
    expect(await remove(user, { password: user.password, confirmation: 'delete it' })).toMatchObject({
      code: 400,
      result: { field: 'confirmation' },
    });
    expect(await remove(user, { confirmation: 'DELETE' })).toMatchObject({ code: 400, result: { field: 'password' } });
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: user.token })).code).toBe(200);
  });

  it('another player cannot delete or inspect an account (IDOR)', async () => {
    const owner = await registerUser(ctx);
    await fundUser(ctx, owner.id, 'CASH', 500n);
    const other = await registerUser(ctx);
    expect((await deletable(other)).result.deletable).toBe(true);
    // Another player's password and id in the form change nothing: the caller is the account.
    expect(
      await remove(other, {
        password: owner.password === other.password ? 'x' : owner.password,
        confirmation: 'DELETE',
        userId: String(owner.id),
      }),
    ).toMatchObject({ code: 26504 });
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: owner.token })).code).toBe(200);
  });
});

describe('my data: account deletion', () => {
  it('closes an account that once had money: no login, data erased, the ledger still balances, the phone registers again', async () => {
    const parent = await registerUser(ctx);
    const user = await registerWithdrawer(ctx);
    const child = await registerUser(ctx, { invitationCode: user.invitation });
    await fundUser(ctx, user.id, 'CASH', 100_000n);
    const cardId = String(await bindBankCard(ctx, user, '1234 5678 9012'));
    const paid = await ctx.api.post<{ status: string }>(
      '/app/user/cashWithdrawal/apply',
      { amount: '1000', bankCardId: cardId, assetPassword: user.assetPassword, code: await freshWithdrawCode(ctx, user) },
      { token: user.token },
    );
    expect(paid).toMatchObject({ code: 200, result: { status: 'paid' } });
    const body = new FormData();
    body.append('file', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const avatar = await ctx.api.send<{ url: string }>('/file/upload', { method: 'POST', body, headers: { Authorization: user.token } });
    expect(
      (await ctx.api.post('/app/user/modifyUserBaseInfo', { nickName: 'Ravi', headUrl: avatar.result.url }, { token: user.token })).code,
    ).toBe(200);
    const avatarFile = path.join(ctx.config.dataDir, 'uploads', path.basename(avatar.result.url));
    expect(existsSync(avatarFile)).toBe(true);
    await ctx.db.update(users).set({ parentId: parent.id }).where(eq(users.id, user.id));

    expect((await deletable(user)).result).toMatchObject({ deletable: true, blockers: [] });
    expect(await remove(user)).toMatchObject({ code: 200 });

    // Closed: the old token, the phone and password, Telegram: none gets in.
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: user.token })).code).not.toBe(200);
    expect((await login(user.phone, user.password)).code).toBe(11003);
    const tma = sign({ user: { id: user.telegramId, first_name: 'T' } }, TEST_BOT_TOKEN, ctx.clock.now());
    expect((await ctx.api.post('/app/auth/telegramLogin', {}, { headers: { Authorization: `tma ${tma}` } })).code).toBe(11010);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      phone: `closed:${user.id}`,
      areaCode: '',
      nickName: '',
      headUrl: '',
      telegramId: null,
      telegramUsername: null,
      assetPasswordHash: null,
      userStatus: 0,
      closedReason: 'player',
      parentId: parent.id,
    });
    expect(row?.closedAt).not.toBeNull();
    expect(row?.invitationCode).not.toBe(user.invitation);
    expect(await ctx.db.select().from(bankCards).where(eq(bankCards.userId, user.id))).toEqual([]);
    const [withdrawal] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    expect(withdrawal?.destination).toEqual({ bankName: 'State Bank', cardNumber: '****9012', ifsc: 'SBIN0001234' });
    expect(existsSync(avatarFile)).toBe(false);
    const personal = await queryRows<{ n: number }>(
      ctx.db,
      sql`select (select count(*) from sms_outbox where phone = ${user.phone})::int +
                 (select count(*) from auth_sessions where user_id = ${user.id} and revoked_at is null)::int +
                 (select count(*) from bot_outbox where user_id = ${user.id})::int +
                 (select count(*) from bank_cards where user_id = ${user.id})::int +
                 (select count(*) from uploads where user_id = ${user.id})::int as n`,
    );
    expect(Number(personal[0]?.n)).toBe(0);

    // The invitee keeps the anonymous account as their parent; the old code invites nobody.
    const [invitee] = await ctx.db.select().from(users).where(eq(users.id, child.id));
    expect(invitee?.parentId).toBe(user.id);
    // The ledger keeps every amount against the anonymous id, and every check still balances.
    const transfers = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from ledger_transfers where to_account_id in (select id from ledger_accounts where user_id = ${user.id})`,
    );
    expect(Number(transfers[0]?.n)).toBeGreaterThan(0);
    expect((await checkLedger(ctx.db)).ok).toBe(true);

    // The phone is free: the person can register again, as a new account.
    ctx.clock.advance(61_000);
    expect((await ctx.api.post('/app/sms/sendSmsCodeNoAuth', { phone: user.phone, type: 'register' })).code).toBe(200);
    const code = await lastSmsCode(ctx.db, user.phone);
    const again = await ctx.api.post('/app/auth/register', { phone: user.phone, password: 'another1', confirmPassword: 'another1', code });
    expect(again.code).toBe(200);
    const registeredWithOldCode = await ctx.api.post('/app/auth/register', {
      phone: '9111111111',
      password: 'another1',
      confirmPassword: 'another1',
      code: '000000',
      invitationCode: user.invitation,
    });
    expect(registeredWithOldCode.code).not.toBe(200);

    // Deleting twice: the closed account's token is already refused.
    expect((await remove(user)).code).not.toBe(200);
  });
});
