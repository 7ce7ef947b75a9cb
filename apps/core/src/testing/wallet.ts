import type { Asset } from '@prism/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { transfer } from '../modules/ledger/ledger';
import { recordRechargeTurnover } from '../modules/ledger/turnover';
import { botOutbox } from '../modules/notify/schema';
import { users } from '../modules/user/schema';
import { lastSmsCode, registerUser, type TestContext, type TestUser } from './harness';

/** Credits a user as a recharge would (through the ledger), optionally with its turnover requirement. */
export async function fundUser(ctx: TestContext, userId: number, asset: Asset, amount: bigint, turnoverMultipleBps = 0): Promise<void> {
  await fundInDatabase(ctx.db, userId, asset, amount, ctx.clock.now(), turnoverMultipleBps);
}

/** `count` new users, each funded with `amount` of `asset`, in the order registered. */
export async function fundedUsers(ctx: TestContext, count: number, asset: Asset, amount: bigint): Promise<TestUser[]> {
  const made: TestUser[] = [];
  for (let i = 0; i < count; i++) {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, asset, amount);
    made.push(user);
  }
  return made;
}

/** The same, straight into a database (for tests that run core as other processes). */
export async function fundInDatabase(
  db: Database,
  userId: number,
  asset: Asset,
  amount: bigint,
  at = new Date(),
  turnoverMultipleBps = 0,
): Promise<void> {
  await db.transaction(async (tx) => {
    await transfer(
      tx,
      {
        asset,
        from: { system: 'deposits:test' },
        to: { userId },
        amount,
        type: 'recharge',
        reference: `test-fund:${userId}:${Date.now()}:${Math.random()}`,
      },
      at,
    );
    if (turnoverMultipleBps > 0) await recordRechargeTurnover(tx, userId, asset, amount, turnoverMultipleBps);
  });
}

let telegramIds = 900_000_000;
/** A registered user linked to a Telegram account with a username, with payment password 246810. */
export async function registerWithdrawer(
  ctx: TestContext,
  options: { username?: string | null } = {},
): Promise<TestUser & { assetPassword: string; telegramId: number }> {
  const user = await registerUser(ctx);
  const telegramId = ++telegramIds;
  await ctx.db
    .update(users)
    .set({ telegramId, telegramUsername: options.username === null ? null : (options.username ?? `user${telegramId}`) })
    .where(eq(users.id, user.id));
  ctx.clock.advance(60_000);
  await ctx.api.post('/app/sms/sendUserCode', { type: 'resetAssetPwd' }, { token: user.token });
  const code = await lastSmsCode(ctx.db, user.phone);
  const set = await ctx.api.post('/app/user/resetAssetPwd', { password: '246810', confirmPassword: '246810', code }, { token: user.token });
  if (set.code !== 200) throw new Error(`resetAssetPwd: ${set.message}`);
  return { ...user, assetPassword: '246810', telegramId };
}

/** The latest withdrawal code the bot sent (or would have sent) to this user. */
export async function lastWithdrawCode(ctx: TestContext, userId: number): Promise<string> {
  const [row] = await ctx.db
    .select()
    .from(botOutbox)
    .where(and(eq(botOutbox.userId, userId), eq(botOutbox.kind, 'withdraw_code')))
    .orderBy(desc(botOutbox.id))
    .limit(1);
  const code = row?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no withdrawal code for user ${userId}`);
  return code;
}

/** Binds a bank card for the user and answers its id. */
export async function bindBankCard(ctx: TestContext, user: TestUser, cardNumber = '123456789012'): Promise<number> {
  const card = await ctx.api.post<{ id: number }>(
    '/app/userBank/save',
    { bankName: 'State Bank', cardNumber, holderName: 'A Kumar', ifsc: 'SBIN0001234' },
    { token: user.token },
  );
  if (card.code !== 200) throw new Error(`userBank/save: ${card.message}`);
  return card.result.id;
}

/** A new withdrawal code through the bot, after the 60 s resend pause (the clock moves on). */
export async function freshWithdrawCode(ctx: TestContext, user: TestUser): Promise<string> {
  ctx.clock.advance(61_000);
  const sent = await ctx.api.post('/app/user/withdraw/sendCode', {}, { token: user.token });
  if (sent.code !== 200) throw new Error(`withdraw/sendCode: ${sent.message}`);
  return lastWithdrawCode(ctx, user.id);
}

/** Fingerprint of everything money: balances, transfers, withdrawals (not counters of wrong tries). */
export async function moneySnapshot(ctx: TestContext): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    ctx.db,
    sql`select md5(
      coalesce((select string_agg(a::text, '|' order by a.id) from ledger_accounts a), '') ||
      coalesce((select string_agg(t::text, '|' order by t.id) from ledger_transfers t), '') ||
      coalesce((select string_agg(w::text, '|' order by w.id) from withdrawals w), '')) as digest`,
  );
  return row?.digest ?? '';
}
