import type { NotificationSettingsView } from '@prism/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext, type TestUser } from '../../testing';
import { users } from '../user/schema';
import { createNotifier } from './notifier';
import { eraseNotificationPrefs, exportNotificationPrefs } from './prefs';
import { botOutbox } from './schema';

/** The player's notification choices (docs/api.md, "Notifications"; docs/telegram.md, "Notifications"). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const as = (user: TestUser) => ({ token: user.token });
const view = (user: TestUser) => ctx.api.get<NotificationSettingsView>('/app/user/notifications', {}, as(user));
const save = (user: TestUser, form: Record<string, string>) =>
  ctx.api.post<NotificationSettingsView>('/app/user/notifications', form, as(user));
const choice = {
  results: 'false',
  income: 'true',
  reminder: 'true',
  notices: 'true',
  reminderTime: '19:30',
  timeZone: 'Asia/Ho_Chi_Minh',
};

describe('notification choices', () => {
  it('start at the defaults: results, income and notices on, the reminder off until chosen', async () => {
    const user = await registerUser(ctx);
    const answer = await view(user);
    expect(answer.code).toBe(200);
    expect(answer.result).toEqual({
      topics: { results: true, income: true, reminder: false, notices: true },
      reminderTime: '20:00',
      timeZone: 'UTC',
      saved: false,
      linked: false,
      blocked: false,
    });
    expect((await ctx.api.get('/app/user/notifications')).code).toBe(401);
    expect((await ctx.api.post('/app/user/notifications', choice)).code).toBe(401);
  });

  it('are saved once and read back, and say whether Telegram is linked', async () => {
    const user = await registerUser(ctx);
    await ctx.db.update(users).set({ telegramId: 7_100_001 }).where(eq(users.id, user.id));
    const saved = await save(user, choice);
    expect(saved.code, saved.message).toBe(200);
    expect(saved.result).toMatchObject({
      topics: { results: false, income: true, reminder: true, notices: true },
      saved: true,
      linked: true,
    });
    expect((await view(user)).result).toEqual(saved.result);
    expect(await exportNotificationPrefs(ctx.db, user.id)).toEqual([
      expect.objectContaining({ results: false, timeZone: 'Asia/Ho_Chi_Minh' }),
    ]);
    await eraseNotificationPrefs(ctx.db, user.id);
    expect((await view(user)).result.saved).toBe(false);
  });

  it('refuse a bad time or zone with the field named, and change nothing', async () => {
    const user = await registerUser(ctx);
    await save(user, choice);
    const before = (await view(user)).result;
    for (const [field, value] of [
      ['reminderTime', '24:00'],
      ['reminderTime', '7:00'],
      ['timeZone', 'Mars/Base'],
      ['timeZone', '+05:00'],
      ['results', 'maybe'],
    ] as const) {
      const refused = await save(user, { ...choice, [field]: value });
      expect(refused.code, `${field}=${value}`).toBe(400);
      expect(refused.result).toMatchObject({ field });
    }
    const missing = await save(user, { results: 'true' });
    expect(missing.code).toBe(400);
    expect((await view(user)).result).toEqual(before);
  });

  it('keep quiet hours: a night-time reminder only when the player confirms it', async () => {
    const user = await registerUser(ctx);
    const night = await save(user, { ...choice, reminderTime: '23:00' });
    expect(night.code).toBe(26201);
    expect(night.message).toContain('quiet hours');
    expect((await view(user)).result.saved).toBe(false);
    // Off, a night time is only remembered; confirmed, it is taken.
    expect((await save(user, { ...choice, reminder: 'false', reminderTime: '23:00' })).code).toBe(200);
    const confirmed = await save(user, { ...choice, reminderTime: '23:00', night: 'true' });
    expect(confirmed.code).toBe(200);
    expect(confirmed.result.reminderTime).toBe('23:00');
  });

  it("let no player see or change another's choices", async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    await save(owner, choice);
    const mine = (await view(owner)).result;
    expect((await view(other)).result).toMatchObject({ saved: false, topics: { results: true }, timeZone: 'UTC' });
    // Another user's id in the body or the query is not a way in: the caller's own row is the only one.
    await save(other, { ...choice, userId: String(owner.id), results: 'true', timeZone: 'Europe/London' } as never);
    expect(
      (await ctx.api.get<NotificationSettingsView>('/app/user/notifications', { userId: String(owner.id) }, as(other))).result,
    ).toMatchObject({
      timeZone: 'Europe/London',
    });
    expect((await view(owner)).result).toEqual(mine);
  });

  it('mute a switched-off topic: recorded, never sent; a message without topic is always on', async () => {
    const user = await registerUser(ctx);
    await save(user, choice); // results off
    const notifier = createNotifier(ctx.db, ctx.clock, { warn: () => undefined } as never);
    expect(await notifier.notifyUser(user.id, 'game_result', { text: 'r' }, { topic: 'results' })).toMatchObject({ status: 'muted' });
    expect(await notifier.notifyUser(user.id, 'income', { text: 'i' }, { topic: 'income' })).toMatchObject({ status: 'outbox' });
    expect(await notifier.notifyUser(user.id, 'withdraw_paid', { text: 'w' })).toMatchObject({ status: 'outbox' });
    const rows = await ctx.db.select().from(botOutbox).where(eq(botOutbox.userId, user.id)).orderBy(botOutbox.id);
    expect(rows.map((r) => [r.kind, r.status, r.topic, r.nextAttemptAt])).toEqual([
      ['game_result', 'muted', 'results', null],
      ['income', 'outbox', 'income', null],
      ['withdraw_paid', 'outbox', null, null],
    ]);
  });
});
