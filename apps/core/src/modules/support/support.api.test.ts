import type { Paged, SupportAdminMessageView, SupportConversationView, SupportMessageView, SupportThread } from '@prism/domain';
import { SUPPORT_TEXT_MAX } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createOperatorInApp, createTestContext, registerUser, type TestContext, type TestOperator, type TestUser } from '../../testing';

let ctx: TestContext;
let support: TestOperator;
let finance: TestOperator;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_SUPPORT_PER_MINUTE: '6', EVENT_STREAMS_PER_USER: '2' } });
  support = await createOperatorInApp(ctx, 'support');
  finance = await createOperatorInApp(ctx, 'finance');
});
afterAll(() => ctx.close());

/** The smallest valid PNG: 1x1 transparent pixel. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

const send = (user: TestUser, form: Record<string, string>) =>
  ctx.api.post<SupportMessageView>('/app/support/send', form, { token: user.token });
const thread = (user: TestUser, query: Record<string, string> = {}) =>
  ctx.api.get<SupportThread>('/app/support/messages', query, { token: user.token });
const unread = async (user: TestUser) =>
  (await ctx.api.get<{ unread: number }>('/app/support/unread', {}, { token: user.token })).result.unread;
const asOperator = (operator: TestOperator) => ({ headers: { Authorization: `Ops ${operator.apiToken}` } });
const conversations = (operator = support) =>
  ctx.api.get<Paged<SupportConversationView>>('/admin/support/conversations', { pageSize: '100' }, asOperator(operator));
const conversationOf = async (user: TestUser) => {
  const found = (await conversations()).result.content.find((c) => c.userId === user.id);
  if (!found) throw new Error(`no conversation for user ${user.id}`);
  return found;
};
const reply = (id: number, text: string, operator = support) =>
  ctx.api.post<SupportAdminMessageView>(`/admin/support/conversations/${id}/reply`, { text }, asOperator(operator));

async function upload(user: TestUser): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([PNG], { type: 'image/png' }), 'shot.png');
  const answer = await ctx.api.send<{ url: string }>('/file/upload', { method: 'POST', body, headers: { Authorization: user.token } });
  return answer.result.url;
}

describe('the player writes, an operator answers', () => {
  it('a conversation opens with the first message; answers are unread until read; every message is kept', async () => {
    const player = await registerUser(ctx);
    expect((await thread(player)).result).toEqual({ messages: [], hasMore: false, unread: 0, otherReadUpTo: 0 });
    const first = await send(player, { text: '  My deposit has not arrived  ' });
    expect(first).toMatchObject({ code: 200, result: { author: 'player', text: 'My deposit has not arrived', attachmentUrl: null } });

    const listed = await conversationOf(player);
    expect(listed).toMatchObject({ unread: 1, lastAuthor: 'player', lastText: 'My deposit has not arrived' });
    const answered = await reply(listed.id, 'Looking into it now.');
    expect(answered.result).toMatchObject({ author: 'operator', via: 'api', operatorLogin: support.login });

    // Answering reads what came before it: the operator side has nothing unread.
    expect((await conversationOf(player)).unread).toBe(0);
    expect(await unread(player)).toBe(1);
    const seen = await thread(player);
    expect(seen.result.messages.map((m) => [m.author, m.text])).toEqual([
      ['player', 'My deposit has not arrived'],
      ['operator', 'Looking into it now.'],
    ]);
    // The player never sees which operator answered.
    expect(seen.result.messages[1]).not.toHaveProperty('operatorLogin');
    const read = await ctx.api.post<{ unread: number }>('/app/support/read', {}, { token: player.token });
    expect(read.result.unread).toBe(0);
    expect((await thread(player)).result.otherReadUpTo).toBe(first.result.id);
  });

  it('the answer reaches the player through the bot (always on) and is audited', async () => {
    const player = await registerUser(ctx);
    await ctx.db.execute(sql`update users set telegram_id = ${880_000 + player.id} where id = ${player.id}`);
    await send(player, { text: 'Hello' });
    const { id } = await conversationOf(player);
    const answered = await reply(id, 'Hi, how can we help?');
    const [notice] = await queryRows<{ kind: string; text: string; chat_id: string | number }>(
      ctx.db,
      sql`select kind, text, chat_id from bot_outbox where user_id = ${player.id} order by id desc limit 1`,
    );
    expect(notice).toMatchObject({ kind: 'support.reply' });
    expect(notice?.text).toContain('Hi, how can we help?');
    const [audit] = await queryRows<{ action: string; operator_login: string; target_id: string }>(
      ctx.db,
      sql`select action, operator_login, target_id from audit_log where action = 'support.reply' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'support.reply', operator_login: support.login, target_id: String(id) });
    expect(answered.result.text).toBe('Hi, how can we help?');
  });

  it('an image the player uploaded is attached; bad messages are refused and change nothing', async () => {
    const player = await registerUser(ctx);
    const other = await registerUser(ctx);
    const url = await upload(player);
    const sent = await send(player, { text: '', attachmentUrl: url });
    expect(sent.result).toMatchObject({ text: '', attachmentUrl: url });
    const othersImage = await upload(other);
    // The same bytes uploaded by another user is their upload, not this player's: stored per user.
    expect((await send(other, { text: 'x', attachmentUrl: '/core/files/0000.png' })).code).toBe(26302);
    expect((await send(player, { text: 'x', attachmentUrl: othersImage === url ? '/core/files/none.png' : othersImage })).code).toBe(26302);
    expect((await send(player, { text: '   ' })).code).toBe(26301);
    expect((await send(player, {})).code).toBe(26301);
    expect((await send(player, { text: 'x'.repeat(SUPPORT_TEXT_MAX + 1) })).code).toBe(400);
    expect((await thread(player)).result.messages).toHaveLength(1);
    expect((await thread(other)).result.messages).toHaveLength(0);
  });

  it('history pages from the newest back', async () => {
    const player = await registerUser(ctx);
    for (const text of ['one', 'two', 'three', 'four', 'five']) await send(player, { text });
    const newest = await thread(player, { limit: '2' });
    expect(newest.result.messages.map((m) => m.text)).toEqual(['four', 'five']);
    expect(newest.result.hasMore).toBe(true);
    const older = await thread(player, { limit: '10', before: String(newest.result.messages[0]?.id) });
    expect(older.result.messages.map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(older.result.hasMore).toBe(false);
    expect((await thread(player, { limit: '0' })).code).toBe(400);
    expect((await thread(player, { before: 'x' })).code).toBe(400);
  });

  it('sending is limited per player', async () => {
    const player = await registerUser(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await send(player, { text: `m${i}` })).code);
    expect(codes.slice(0, 6).every((code) => code === 200)).toBe(true);
    expect(codes[6]).toBe(429);
    // Another player is not slowed by it.
    expect((await send(await registerUser(ctx), { text: 'hi' })).code).toBe(200);
  });
});

describe('the operators', () => {
  it('list unread conversations first; marking read clears them', async () => {
    const quiet = await registerUser(ctx);
    const waiting = await registerUser(ctx);
    await send(waiting, { text: 'first' });
    await send(quiet, { text: 'answered' });
    const quietId = (await conversationOf(quiet)).id;
    await reply(quietId, 'done');
    const list = (await conversations()).result.content;
    const firstRead = list.findIndex((c) => c.unread === 0);
    expect(list.slice(0, firstRead === -1 ? list.length : firstRead).every((c) => c.unread > 0)).toBe(true);
    expect(list.findIndex((c) => c.userId === waiting.id)).toBeLessThan(list.findIndex((c) => c.userId === quiet.id));

    const waitingId = (await conversationOf(waiting)).id;
    const read = await ctx.api.post<{ unread: number }>(`/admin/support/conversations/${waitingId}/read`, {}, asOperator(support));
    expect(read.result.unread).toBe(0);
    const opened = await ctx.api.get<SupportThread<SupportAdminMessageView> & { userId: number }>(
      `/admin/support/conversations/${waitingId}`,
      {},
      asOperator(support),
    );
    expect(opened.result).toMatchObject({ userId: waiting.id, unread: 0, messages: [{ author: 'player', text: 'first', via: 'app' }] });
  });

  it('a role without support.read sees nothing; an unknown conversation is a clear refusal', async () => {
    expect((await conversations(finance)).code).toBe(403);
    expect((await reply(1, 'x', finance)).code).toBe(403);
    expect((await reply(999_999, 'x')).code).toBe(26303);
    expect((await reply(0, 'x')).code).toBe(400);
    const player = await registerUser(ctx);
    await send(player, { text: 'hi' });
    const { id } = await conversationOf(player);
    expect((await reply(id, '   ')).code).toBe(26301);
    expect((await ctx.api.get(`/admin/support/conversations/${id}`, {}, { token: player.token })).code).toBe(401);
  });
});

describe('IDOR: a player sees and changes only their own conversation', () => {
  it("another player reads nothing of it, and their read marker never moves the owner's", async () => {
    const owner = await registerUser(ctx);
    const intruder = await registerUser(ctx);
    await send(owner, { text: 'my private question' });
    const { id } = await conversationOf(owner);
    const answer = await reply(id, 'private answer');
    const spied = await thread(intruder, { before: String(answer.result.id + 1) });
    expect(spied.result.messages).toEqual([]);
    expect(await unread(intruder)).toBe(0);
    await ctx.api.post('/app/support/read', { upTo: String(answer.result.id) }, { token: intruder.token });
    expect(await unread(owner)).toBe(1);
    // The intruder's own message opens their own conversation, not the owner's.
    await send(intruder, { text: 'mine' });
    expect((await thread(owner)).result.messages.map((m) => m.text)).toEqual(['my private question', 'private answer']);
    // Player routes refuse an operator or no credential.
    expect((await ctx.api.get('/app/support/messages')).code).toBe(401);
    expect((await ctx.api.get('/app/support/messages', {}, asOperator(support))).code).toBe(401);
  });
});

describe('the live stream', () => {
  /** Opens the player's stream and collects its text until `until` is seen. */
  async function openStream(user: TestUser) {
    const controller = new AbortController();
    const response = await ctx.api.fetch('/app/support/events', { headers: { Authorization: user.token }, signal: controller.signal });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    let seen = '';
    const decoder = new TextDecoder();
    const first = await reader.read();
    seen += decoder.decode(first.value);
    return {
      contentType: response.headers.get('content-type'),
      seen: () => seen,
      async until(text: string, ms = 5_000) {
        const deadline = Date.now() + ms;
        while (!seen.includes(text)) {
          if (Date.now() > deadline) throw new Error(`stream did not say ${text}: ${seen}`);
          const chunk = await reader.read();
          if (chunk.done) throw new Error('stream ended');
          seen += decoder.decode(chunk.value);
        }
      },
      close: () => controller.abort(),
    };
  }

  it("an operator's answer reaches the player's open stream, and only theirs", async () => {
    const player = await registerUser(ctx);
    const other = await registerUser(ctx);
    await send(player, { text: 'hello?' });
    const mine = await openStream(player);
    const theirs = await openStream(other);
    expect(mine.contentType).toContain('text/event-stream');
    const { id } = await conversationOf(player);
    const answered = await reply(id, 'hello!');
    await mine.until(`"messageId":${answered.result.id}`);
    expect(mine.seen()).toContain('event: support_message');
    expect(mine.seen()).toContain('"author":"operator"');
    await send(other, { text: 'ping' });
    await theirs.until('"author":"player"');
    expect(theirs.seen()).not.toContain(`"messageId":${answered.result.id}`);
    mine.close();
    theirs.close();
  });

  it('streams per player are capped', async () => {
    const player = await registerUser(ctx);
    const streams = [await openStream(player), await openStream(player)];
    const refused = await openStream(player);
    expect(refused.contentType).toContain('application/json');
    expect(JSON.parse(refused.seen())).toMatchObject({ code: 11043 });
    for (const stream of streams) stream.close();
  });
});
