import { type BotTransport, createGrammyTransport, inviteArticle } from '@prism/bot';
import { FakeApiError, type FakeBotApi, type RecordedCall, startFakeBotApi } from '@prism/bot/testing';
import { PREPARE_INVITE_ROUTE, type PreparedInvite } from '@prism/domain';
import { sign } from '@telegram-apps/init-data-node';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, TEST_BOT_TOKEN, type TestContext, type TestUser } from '../../testing';
import { setUserLocale } from '../user';

/**
 * POST /core/app/user/telegram/prepareInvite through the real app, with the real grammY client talking
 * to the fake Bot API (which checks the prepared message as Telegram does). The caller's own account is
 * the only one it ever prepares for: the route takes no id.
 */
let ctx: TestContext;
let bare: TestContext;
let fake: FakeBotApi;

beforeAll(async () => {
  fake = await startFakeBotApi();
  const transport: BotTransport = createGrammyTransport(new Api(fake.token, { apiRoot: fake.apiRoot }));
  ctx = await createTestContext({
    env: { BOT_USERNAME: fake.botInfo.username, MINI_APP_SHORT_NAME: 'play' },
    deps: { botTransport: transport },
  });
  // The same server without a bot to send through (no BOT_TOKEN for the transport).
  bare = await createTestContext({ env: { BOT_USERNAME: fake.botInfo.username, MINI_APP_SHORT_NAME: 'play' } });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await bare?.close();
  await fake?.stop();
});

let telegramIds = 720_000_000;

/** A player who signed in once from Telegram (launch data signed with the bot token), which links the account. */
async function linkedPlayer(on: TestContext): Promise<TestUser & { telegramId: number; invitation: string }> {
  const user = await registerUser(on);
  const telegramId = ++telegramIds;
  const raw = sign({ user: { id: telegramId, first_name: 'Sharer', username: `sharer${telegramId}` } }, TEST_BOT_TOKEN, on.clock.now());
  const login = await on.api.post(
    '/app/auth/login',
    { phone: user.phone, password: user.password },
    { headers: { Authorization: `tma ${raw}` } },
  );
  expect(login.code).toBe(200);
  const info = await on.api.get<{ invitation: string; telegramLinked: boolean }>('/app/user/getUserInfo', {}, { token: user.token });
  expect(info.result.telegramLinked).toBe(true);
  return { ...user, telegramId, invitation: info.result.invitation };
}

const prepare = (on: TestContext, token: string, body: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  on.api.post<PreparedInvite>(PREPARE_INVITE_ROUTE, body, { token, headers });

const savedFor = (telegramId: number) => (call: RecordedCall) =>
  call.method === 'savePreparedInlineMessage' && Number(call.params.user_id) === telegramId;

describe('prepareInvite', () => {
  it('saves the invitation for the linked Telegram user and answers its id and expiry', async () => {
    const player = await linkedPlayer(ctx);
    const answer = await prepare(ctx, player.token);
    expect(answer.code).toBe(200);
    const call = await fake.waitFor(savedFor(player.telegramId));
    const saved = call.response as { ok: true; result: { id: string; expiration_date: number } };
    expect(saved.ok).toBe(true);
    expect(answer.result).toEqual({
      preparedMessageId: saved.result.id,
      expiresAt: new Date(saved.result.expiration_date * 1000).toISOString(),
    });
    // The link the invite panel shows, in the text and behind the button that opens the Mini App with the code.
    const link = `https://t.me/${fake.botInfo.username}/play?startapp=${player.invitation}`;
    expect(call.params.result).toEqual(JSON.parse(JSON.stringify(inviteArticle('en-US', player.invitation, link))));
    expect(JSON.stringify(call.params.result)).toContain(`"url":"${link}"`);
    expect(call.params).toMatchObject({ allow_user_chats: true, allow_group_chats: true, allow_channel_chats: true });
  });

  it('writes the invitation in the account’s language', async () => {
    const player = await linkedPlayer(ctx);
    await setUserLocale(ctx.db, player.id, 'ar');
    expect((await prepare(ctx, player.token)).code).toBe(200);
    const call = await fake.waitFor(savedFor(player.telegramId));
    expect(call.params.result).toMatchObject({ title: 'دعوة إلى Prism' });
  });

  it('refuses an account not linked to Telegram, and asks Telegram nothing', async () => {
    const player = await registerUser(ctx);
    const before = fake.calls.length;
    expect(await prepare(ctx, player.token)).toMatchObject({
      code: 11010,
      message: 'This Telegram account is not linked yet, please log in with your phone',
    });
    expect(fake.calls.length).toBe(before);
  });

  it('refuses when the server has no bot to send through, in the caller’s language', async () => {
    const player = await linkedPlayer(bare);
    expect(await prepare(bare, player.token)).toMatchObject({
      code: 11023,
      message: 'Sharing through Telegram is not available right now: use the link or the QR code',
    });
    expect((await prepare(bare, player.token, {}, { 'Accept-Language': 'zh-TW' })).message).toBe(
      '目前無法透過 Telegram 分享：請改用連結或 QR 碼',
    );
  });

  it('prepares for the caller only: ids in the request are ignored, and a guest is refused', async () => {
    const alice = await linkedPlayer(ctx);
    const bob = await linkedPlayer(ctx);
    const answer = await prepare(ctx, alice.token, {
      userId: String(bob.id),
      user_id: String(bob.telegramId),
      telegramId: String(bob.telegramId),
      invitationCode: bob.invitation,
    });
    expect(answer.code).toBe(200);
    const call = await fake.waitFor(savedFor(alice.telegramId));
    expect(JSON.stringify(call.params.result)).toContain(alice.invitation);
    expect(JSON.stringify(call.params.result)).not.toContain(bob.invitation);
    expect(fake.calls.some(savedFor(bob.telegramId))).toBe(false);
    expect((await ctx.api.post(PREPARE_INVITE_ROUTE, {})).code).toBe(401);
  });

  it('says whether Telegram refused the user or could not be reached', async () => {
    const player = await linkedPlayer(ctx);
    fake.handle('savePreparedInlineMessage', () => {
      throw new FakeApiError(403, 'Forbidden: bot was blocked by the user');
    });
    try {
      expect((await prepare(ctx, player.token)).code).toBe(10034);
      fake.handle('savePreparedInlineMessage', () => {
        throw new FakeApiError(502, 'Bad Gateway');
      });
      expect((await prepare(ctx, player.token)).code).toBe(10050);
    } finally {
      fake.handle('savePreparedInlineMessage', undefined);
    }
  }, 30_000);
});
