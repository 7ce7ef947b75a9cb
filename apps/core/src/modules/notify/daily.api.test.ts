import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { signedInOnSql } from '../checkIn';
import { transfer } from '../ledger';
import { users } from '../user/schema';
import { type DailyNoticeDeps, sendDueReminders, sendIncomeSummaries } from './daily';
import { createNotifier } from './notifier';
import { saveNotificationChoices } from './prefs';
import { notifySessionResults } from './producers';
import { botOutbox } from './schema';

/**
 * The daily notices go once (docs/telegram.md, "Notifications"): the reminder at the player's own
 * time unless they signed in, the income summary once per platform day, even when two runs race
 * (on PostgreSQL, two connections at once), and after downtime.
 */
let ctx: TestContext;
let deps: DailyNoticeDeps;
beforeAll(async () => {
  ctx = await createTestContext();
  deps = { db: ctx.db, clock: ctx.clock, timeZone: async () => 'UTC', signedInOn: signedInOnSql, hasBot: false };
});
afterAll(() => ctx.close());

async function linkedPlayer(chat: number): Promise<number> {
  const user = await registerUser(ctx);
  await ctx.db.update(users).set({ telegramId: chat }).where(eq(users.id, user.id));
  return user.id;
}

const rowsOf = async (userId: number, kind: string) =>
  (await ctx.db.select().from(botOutbox).where(eq(botOutbox.userId, userId))).filter((r) => r.kind === kind);

const topics = { results: true, income: true, reminder: true, notices: true };

describe('daily notices', () => {
  it('remind once at the chosen local time, not before, not twice, and not who signed in today', async () => {
    ctx.clock.set('2026-06-01T10:00:00Z');
    const player = await linkedPlayer(9_100_001);
    const signed = await linkedPlayer(9_100_002);
    for (const id of [player, signed])
      await saveNotificationChoices(ctx.db, ctx.clock, id, { topics, reminderTime: '20:00', timeZone: 'Asia/Ho_Chi_Minh' });
    await ctx.db.execute(
      sql`insert into sign_ins (user_id, sign_date, streak_day, asset, reward, created_at) values (${signed}, '2026-06-01', 1, 'POINT', 0, now())`,
    );
    ctx.clock.set('2026-06-01T12:59:00Z'); // 19:59 in Ho Chi Minh City
    expect(await sendDueReminders(deps)).toBe(0);
    ctx.clock.set('2026-06-01T13:00:00Z');
    const [first, second] = await Promise.all([sendDueReminders(deps), sendDueReminders(deps)]);
    // Seen once in CI on PGlite (2 instead of 1) and not reproduced since: on failure, say who got what.
    const seen = async () =>
      JSON.stringify({
        first,
        second,
        player: (await rowsOf(player, 'sign_in_reminder')).map((r) => r.status),
        signed: (await rowsOf(signed, 'sign_in_reminder')).map((r) => r.status),
        prefs: await ctx.db.execute(sql`select user_id, reminded_on::text from notification_prefs order by user_id`),
      });
    expect((first ?? 0) + (second ?? 0), await seen()).toBe(1);
    expect(await sendDueReminders(deps)).toBe(0);
    expect(await rowsOf(player, 'sign_in_reminder')).toHaveLength(1);
    expect(await rowsOf(signed, 'sign_in_reminder')).toHaveLength(0);
    // The next local day, again once.
    ctx.clock.set('2026-06-02T13:30:00Z');
    expect(await sendDueReminders(deps)).toBe(2);
  });

  it("sum a day's rebates and income into one message per player, once, and catch up after downtime", async () => {
    ctx.clock.set('2026-06-10T09:00:00Z');
    const player = await linkedPlayer(9_100_003);
    const pay = (type: 'rebate' | 'power_income', amount: bigint, at: string, key: string) =>
      ctx.db.transaction((tx) =>
        transfer(
          tx,
          { asset: 'CASH', from: { system: 'rewards' }, to: { userId: player }, amount, type, reference: key, idempotencyKey: key },
          new Date(at),
        ),
      );
    await pay('rebate', 150n, '2026-06-08T01:00:00Z', 'r1');
    await pay('rebate', 50n, '2026-06-08T02:00:00Z', 'r2');
    await pay('power_income', 1000n, '2026-06-08T00:05:00Z', 'p1');
    await pay('power_income', 700n, '2026-06-09T00:05:00Z', 'p2');
    // Down for two days: both are summarized at the first run, and a second run (or process) adds nothing.
    const [a, b] = await Promise.all([sendIncomeSummaries(deps), sendIncomeSummaries(deps)]);
    const done = [...(a ?? []), ...(b ?? [])].sort((x, y) => x.day.localeCompare(y.day));
    expect(done.map((d) => d.day)).toEqual(['2026-06-08', '2026-06-09']);
    expect(await sendIncomeSummaries(deps)).toEqual([]);
    const texts = (await rowsOf(player, 'income_summary')).map((r) => r.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('CASH: rebates 2.00, daily income 10.00, total 12.00');
    expect(texts[1]).toContain('CASH: rebates 0.00, daily income 7.00, total 7.00');
  });
});

describe('results of a settled session', () => {
  it('send one message per bettor with each coin on its line, muted for who switched results off', async () => {
    const player = await linkedPlayer(9_100_010);
    const quiet = await linkedPlayer(9_100_011);
    await saveNotificationChoices(ctx.db, ctx.clock, quiet, {
      topics: { ...topics, results: false },
      reminderTime: '20:00',
      timeZone: 'UTC',
    });
    const source = {
      results: async () => [
        { userId: player, coin: 'CHIP', bets: 3, staked: 3000n, paid: 1950n },
        { userId: player, coin: 'GOLD', bets: 1, staked: 100n, paid: 196n },
        { userId: quiet, coin: 'CHIP', bets: 1, staked: 1000n, paid: 0n },
      ],
      roomName: async () => 'Room 1',
    };
    const notifier = createNotifier(ctx.db, ctx.clock, { warn: () => undefined } as never);
    expect(await notifySessionResults({ db: ctx.db, notifier, source }, { id: 1, periodId: '202606010001', level: 1 })).toBe(2);
    const [mine] = await rowsOf(player, 'game_result');
    expect(mine?.text).toBe(
      'Results of Room 1, period 202606010001\nCHIP: 3 bets, staked 30.00, paid 19.50, net -10.50\nGOLD: 1 bets, staked 1.00, paid 1.96, net +0.96\n\nChoose what you receive: /settings',
    );
    expect((await rowsOf(quiet, 'game_result')).map((r) => r.status)).toEqual(['muted']);
  });
});
