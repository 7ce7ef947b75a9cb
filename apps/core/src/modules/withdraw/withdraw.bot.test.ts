import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { callbackQueryUpdate, type FakeBotApi, messageUpdate, testUser } from '@prism/bot/testing';
import { sign } from '@telegram-apps/init-data-node';
import type { Message } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server';
import { type BotServer, fundInDatabase, provisionOperator, startBotServer, type TestApi } from '../../testing';

/**
 * The whole withdrawal story through a real server process and the bot on a
 * fake Bot API: the code reaches the user's Telegram chat, the review request
 * reaches the operator with buttons, the operator's tap decides, the user is told.
 */
/** Linked to the finance operator 'anna': the bot obeys her. */
const OPERATOR = testUser({ id: 777_001, username: 'ops_anna', first_name: 'Anna' });
/** Linked to a support operator, whose role may not review withdrawals. */
const SUPPORT = testUser({ id: 777_002, username: 'ops_sid', first_name: 'Sid' });
const CUSTOMERS = [
  testUser({ id: 555_001, username: 'ravi_k', first_name: 'Ravi' }),
  testUser({ id: 555_002, username: 'meera_s', first_name: 'Meera' }),
  testUser({ id: 555_003, username: 'arjun_p', first_name: 'Arjun' }),
  testUser({ id: 555_004, username: 'divya_n', first_name: 'Divya' }),
  testUser({ id: 555_005, username: 'kiran_m', first_name: 'Kiran' }),
];

let fake: FakeBotApi;
let api: TestApi;
let server: BotServer;
let running: RunningServer;
let dataDir: string;
let asOperator: { headers: { Authorization: string } };

beforeAll(async () => {
  // No OPERATOR_TELEGRAM_IDS: review requests reach operators through their linked Telegram ids.
  server = await startBotServer(() => ({}));
  ({ fake, api, running, dataDir } = server);
  const breakGlass = (await readFile(path.join(dataDir, 'ops-token'), 'utf8')).trim();
  const owner = await provisionOperator(api.baseUrl, breakGlass, { login: 'owner', role: 'owner' });
  asOperator = { headers: { Authorization: `Ops ${owner.apiToken}` } };
  await provisionOperator(api.baseUrl, owner.apiToken, { login: 'anna', role: 'finance', telegramId: OPERATOR.id });
  await provisionOperator(api.baseUrl, owner.apiToken, { login: 'sid', role: 'support', telegramId: SUPPORT.id });
  // Open all day, so the test does not depend on the hour it runs at.
  await api.post('/admin/wallet/config', { currency: 'CASH', field: 'startAndEndTime', value: '00:00-24:00' }, asOperator);
}, 60_000);

afterAll(() => server?.stop());

/** Registers from inside Telegram (linking the chat the bot writes to), sets a payment password and funds CASH. */
async function customer(index: number): Promise<{ token: string; user: (typeof CUSTOMERS)[number] }> {
  const user = CUSTOMERS[index] as (typeof CUSTOMERS)[number];
  const phone = `91234567${80 + index}`;
  const latestCode = async () => {
    const outbox = await api.get<{ sms: { phone: string; text: string }[] }>('/dev/outbox');
    return outbox.result.sms.find((m) => m.phone === phone)?.text.match(/\d{6}/)?.[0] ?? '';
  };
  await api.post('/app/sms/sendSmsCodeNoAuth', { phone, type: 'register' });
  const initData = sign({ user: { id: user.id, first_name: user.first_name, username: user.username } }, fake.token, new Date());
  const registered = await api.post<{ token: string }>(
    '/app/auth/register',
    { phone, password: 'secret123', confirmPassword: 'secret123', code: await latestCode() },
    { headers: { Authorization: `tma ${initData}` } },
  );
  const token = registered.result.token;
  const info = await api.get<{ id: number; telegramUsername: string }>('/app/user/getUserInfo', {}, { token });
  expect(info.result.telegramUsername).toBe(user.username);
  await api.post('/app/sms/sendUserCode', { type: 'resetAssetPwd' }, { token });
  await api.post('/app/user/resetAssetPwd', { password: '246810', confirmPassword: '246810', code: await latestCode() }, { token });
  await fundInDatabase(running.db, info.result.id, 'CASH', 1_000_000n);
  return { token, user };
}

/** Asks for the code (read from the fake Telegram chat) and applies; above autoAuditAmount it waits for review. */
async function withdraw(who: { token: string; user: (typeof CUSTOMERS)[number] }, amount: string): Promise<number> {
  const { token, user } = who;
  const card = await api.post<{ id: number }>(
    '/app/userBank/save',
    { bankName: 'SBI', cardNumber: `12345678901${user.id % 10}`, holderName: 'R K', ifsc: 'SBIN0001234' },
    { token },
  );
  expect((await api.post<{ sentTo: string }>('/app/user/withdraw/sendCode', {}, { token })).result.sentTo).toBe(`@${user.username}`);
  const codeMessage = await fake.waitFor(
    (call) => call.method === 'sendMessage' && call.params.chat_id === user.id && String(call.params.text).includes('withdrawal code'),
  );
  const code = String(codeMessage.params.text).match(/\b\d{6}\b/)?.[0] ?? '';
  const applied = await api.post<{ id: number; status: string }>(
    '/app/user/cashWithdrawal/apply',
    { amount, bankCardId: String(card.result.id), assetPassword: '246810', code },
    { token },
  );
  expect(applied.result.status).toBe('pending_review');
  return applied.result.id;
}

/** The operator's copy of the review message as it is now (edits applied). */
const currentReview = (id: number) => fake.sent(OPERATOR.id).find((m) => 'text' in m && m.text?.startsWith(`Withdrawal #${id} `));

/** Once decided, the review message says so and has no buttons left, whatever path decided it. */
async function expectClosedReview(id: number, decision: string): Promise<void> {
  await fake.waitFor((call) => call.method === 'editMessageText' && String(call.params.text).includes(decision));
  const review = currentReview(id);
  expect(review && 'text' in review ? review.text : '').toContain(decision);
  expect(review?.reply_markup?.inline_keyboard ?? []).toEqual([]);
}

const reviewMessageFor = async (id: number): Promise<Message> => {
  await fake.waitFor(
    (call) => call.method === 'sendMessage' && call.params.chat_id === OPERATOR.id && String(call.params.text).includes(`#${id} `),
  );
  const message = fake.sent(OPERATOR.id).find((m) => 'text' in m && m.text?.includes(`#${id} `));
  if (!message) throw new Error('no review message');
  return message;
};

describe('withdrawal review from Telegram', () => {
  it('the operator approves with the inline button; the user is told it is paid', async () => {
    const who = await customer(0);
    const { token } = who;
    const id = await withdraw(who, '5000');
    const review = await reviewMessageFor(id);
    expect(JSON.stringify(review.reply_markup)).toContain(`wd:a:${id}`);

    // Someone who is not an operator presses the button: nothing happens.
    fake.pushUpdate(callbackQueryUpdate({ data: `wd:a:${id}`, from: who.user, message: review }));
    const refused = await fake.waitFor('answerCallbackQuery');
    expect(refused.params.text).toBe('Only operators can do this.');
    // Nor for an operator whose role may not review (support), and no review request reached them.
    fake.pushUpdate(callbackQueryUpdate({ data: `wd:a:${id}`, from: SUPPORT, message: review }));
    await fake.waitFor((call) => call.method === 'answerCallbackQuery' && call.params.text === 'Only operators can do this.');
    expect(fake.sent(SUPPORT.id).some((m) => 'text' in m && m.text?.includes(`#${id} `))).toBe(false);
    const still = await api.get<{ content: { id: number; status: string }[] }>('/app/user/withdraw/list', {}, { token });
    expect(still.result.content.find((w) => w.id === id)?.status).toBe('pending_review');

    fake.pushUpdate(callbackQueryUpdate({ data: `wd:a:${id}`, from: OPERATOR, message: review }));
    await expectClosedReview(id, 'approved by anna');
    await fake.waitFor(
      (call) => call.method === 'sendMessage' && call.params.chat_id === who.user.id && String(call.params.text).includes('approved'),
    );
    const list = await api.get<{ content: { id: number; status: string }[] }>('/app/user/withdraw/list', {}, { token });
    expect(list.result.content.find((w) => w.id === id)?.status).toBe('paid');
  });

  it('the operator rejects with a reason by replying; the user is refunded and sees the reason', async () => {
    const who = await customer(1);
    const { token } = who;
    const before = await api.get<{ cash: string }>('/app/user/getUserInfo', {}, { token });
    const id = await withdraw(who, '4000');
    const review = await reviewMessageFor(id);
    fake.pushUpdate(callbackQueryUpdate({ data: `wd:r:${id}`, from: OPERATOR, message: review }));
    const ask = await fake.waitFor(
      (call) => call.method === 'sendMessage' && String(call.params.text).startsWith(`Reason for rejecting withdrawal #${id}?`),
    );
    const prompts = () =>
      fake.sent(ask.params.chat_id as number).filter((m) => 'text' in m && m.text?.startsWith(`Reason for rejecting withdrawal #${id}?`));
    const answer = (text: string, prompt: Message | undefined) => {
      const reply = messageUpdate({ text, from: OPERATOR });
      fake.pushUpdate({ message: { ...(reply.message as Message), reply_to_message: prompt } as never });
    };

    // A blank reason is refused (the user would see it) and asked for again; nothing is decided.
    answer('   ', prompts()[0]);
    await fake.waitFor((call) => call.method === 'sendMessage' && call.params.text === 'The reason cannot be empty: the user will see it.');
    await fake.waitFor(
      (call) => call.method === 'sendMessage' && String(call.params.text).startsWith(`Reason for rejecting withdrawal #${id}?`),
    );
    const pending = await api.get<{ content: { id: number; status: string }[] }>('/app/user/withdraw/list', {}, { token });
    expect(pending.result.content.find((w) => w.id === id)?.status).toBe('pending_review');

    answer('Bank details do not match the account name', prompts()[1]);
    await fake.waitFor(
      (call) =>
        call.method === 'sendMessage' &&
        call.params.chat_id === who.user.id &&
        String(call.params.text).includes('Bank details do not match'),
    );
    const after = await api.get<{ cash: string }>('/app/user/getUserInfo', {}, { token });
    expect(after.result.cash).toBe(before.result.cash);
    await expectClosedReview(id, 'rejected by anna');

    // Reject on a decided withdrawal says so at once, without asking for a reason first.
    const asked = prompts().length;
    fake.pushUpdate(callbackQueryUpdate({ data: `wd:r:${id}`, from: OPERATOR, message: review }));
    const decided = await fake.waitFor((call) => call.method === 'answerCallbackQuery' && call.params.text === 'Already decided.');
    expect(decided.params.show_alert).toBe(true);
    expect(prompts()).toHaveLength(asked);
    const messages = await api.get<{ content: { kind: string; content: string }[] }>('/app/sysMessage/findUserMsgList', {}, { token });
    expect(messages.result.content[0]).toMatchObject({
      kind: 'withdraw_rejected',
      content: expect.stringContaining('Bank details do not match'),
    });
  });

  it('a decision through the operator API closes the review message in Telegram too', async () => {
    const approved = await withdraw(await customer(2), '3000');
    await reviewMessageFor(approved);
    // The decider is the signed-in operator (here the owner, through its API token); a `by` field is ignored.
    expect((await api.post(`/admin/withdrawals/${approved}/approve`, { by: 'ops-desk' }, asOperator)).code).toBe(200);
    await expectClosedReview(approved, 'approved by owner');

    const rejected = await withdraw(await customer(3), '3000');
    await reviewMessageFor(rejected);
    const answer = await api.post(`/admin/withdrawals/${rejected}/reject`, { reason: 'Name mismatch', by: 'ops-desk' }, asOperator);
    expect(answer.code).toBe(200);
    await expectClosedReview(rejected, 'rejected by owner');
  });
});

describe('four eyes from Telegram', () => {
  it('above secondApprovalAbove a tap records the first approval and keeps the buttons; the same operator again is refused; another one pays', async () => {
    const setThreshold = (value: string) =>
      api.post('/admin/wallet/config', { currency: 'CASH', field: 'secondApprovalAbove', value }, asOperator);
    await setThreshold('4000');
    try {
      const id = await withdraw(await customer(4), '5000');
      const review = await reviewMessageFor(id);
      fake.pushUpdate(callbackQueryUpdate({ data: `wd:a:${id}`, from: OPERATOR, message: review }));
      const first = await fake.waitFor(
        (call) => call.method === 'answerCallbackQuery' && String(call.params.text).startsWith('First approval recorded'),
      );
      expect(first.params.text).toBe('First approval recorded: a second operator must approve.');
      expect(JSON.stringify(currentReview(id)?.reply_markup)).toContain(`wd:a:${id}`);
      fake.pushUpdate(callbackQueryUpdate({ data: `wd:a:${id}`, from: OPERATOR, message: review }));
      const again = await fake.waitFor(
        (call) => call.method === 'answerCallbackQuery' && call.params.text === 'A second operator must approve this',
      );
      expect(again.params.text).toBe('A second operator must approve this');
      // Another operator (here the owner, through its API token) completes it.
      expect((await api.post<{ status: string }>(`/admin/withdrawals/${id}/approve`, {}, asOperator)).result.status).toBe('paid');
      await expectClosedReview(id, 'approved by owner');
    } finally {
      await setThreshold('0');
    }
  });
});
