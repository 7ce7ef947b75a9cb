import type { GameBetRecord, GameSession, MyPlay, ProtectionSettings, RealityCheck } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fundUser, nextGameSession, registerUser, type TestContext, type TestUser } from '../../testing';
import { checkBetFigures } from '../game/figures';

let ctx: TestContext;
beforeAll(async () => {
  // Tokens outlive the days the clock is moved through here.
  ctx = await createTestContext({ env: { TOKEN_TTL_HOURS: '8760' } });
  // The days are the platform's (an operator setting): here eight hours ahead of UTC.
  await ctx.services.config.set('PLATFORM_TIME_ZONE', 'Asia/Taipei');
});
afterAll(() => ctx.close());

const as = (user: TestUser) => ({ token: user.token });
const myPlay = (user: TestUser, query: Record<string, string> = {}) => ctx.api.get<MyPlay>('/app/protection/myPlay', query, as(user));
const tick = () => ctx.services.game.scheduler.tick();

/** Bets `amount` in `coin` on `betName` in room 1's session `s`. */
function bet(user: TestUser, s: GameSession, betName: string, amount: string, coin = 'CHIP') {
  const form = { gameSessionId: String(s.id), betName, baseAmount: amount, betMultiples: '1', totalBetAmount: `${amount}.00`, coin };
  return ctx.api.post<GameBetRecord>('/app/game/luckyLottery/betting', form, as(user));
}

/** Settles `s` by moving past its end and running the scheduler. */
async function settle(s: GameSession) {
  ctx.clock.set(new Date(s.sessionEndTime + 500));
  const report = await tick();
  expect(report.settled.map((r) => r.periodId)).toContain(s.periodId);
}

describe('My play', () => {
  it('answers per platform day and coin the time, bets, wins and net result from the figure rows, and the totals', async () => {
    // 23:50 in Taipei (UTC+8) on 2026-06-09: the first session is that platform day, the later ones the next.
    ctx.clock.set('2026-06-09T15:49:00Z');
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 100_000n);
    await fundUser(ctx, user.id, 'GOLD', 100_000n);

    const first = await nextGameSession(ctx);
    // Big and Small on one session: at most one of them wins.
    expect((await bet(user, first, 'Big', '10')).code).toBe(200);
    expect((await bet(user, first, 'Small', '10')).code).toBe(200);
    await settle(first);

    ctx.clock.set('2026-06-09T16:20:00Z');
    const second = await nextGameSession(ctx);
    const gold = await bet(user, second, 'Big', '10', 'GOLD');
    expect(gold.code, gold.message).toBe(200);
    await settle(second);
    const third = await nextGameSession(ctx);
    expect((await bet(user, third, 'Small', '10')).code).toBe(200);

    const answer = await myPlay(user);
    expect(answer.code, answer.message).toBe(200);
    const play = answer.result;
    expect(play.timeZone).toBe('Asia/Taipei');
    expect(play.days).toHaveLength(30);
    expect(play.days.at(-1)?.date).toBe('2026-06-10');
    const [yesterday, today] = play.days.slice(-2) as [MyPlay['days'][number], MyPlay['days'][number]];
    expect(yesterday.date).toBe('2026-06-09');
    // One quarter hour with bets on the 9th, one (16:15 UTC: both later bets) on the 10th.
    expect(yesterday.minutes).toBe(15);
    expect(today.minutes).toBe(15);
    const chip9 = yesterday.coins.find((c) => c.coin === 'CHIP');
    expect(chip9).toMatchObject({ bets: 2, staked: '20.00' });
    // Settled at the session's end (23:51 Taipei): the same day.
    expect(chip9?.settled).toBe('20.00');
    expect(Number(chip9?.net)).toBeCloseTo(Number(chip9?.paidOut) - 20, 2);
    expect(chip9?.won).toBeLessThanOrEqual(1);
    expect(today.coins.map((c) => c.coin).sort()).toEqual(['CHIP', 'GOLD']);
    // The third bet is placed, not yet settled.
    expect(today.coins.find((c) => c.coin === 'CHIP')).toMatchObject({ bets: 1, staked: '10.00', settled: '0.00', won: 0, net: '0.00' });
    expect(today.coins.find((c) => c.coin === 'GOLD')).toMatchObject({ bets: 1, staked: '10.00', settled: '10.00' });
    expect(play.totals.minutes).toBe(30);
    expect(play.totals.coins.find((c) => c.coin === 'CHIP')).toMatchObject({ bets: 3, staked: '30.00', settled: '20.00' });
    expect(play.coins[0]).toBe('CHIP');
    // The rows equal the sums over the bets (the same check the simulation and ledger:check run).
    expect(await checkBetFigures(ctx.db, user.id)).toEqual([]);

    // A shorter period; bad input is a clear 400 and never a 500.
    expect((await myPlay(user, { days: '1' })).result.days.map((d) => d.date)).toEqual(['2026-06-10']);
    for (const days of ['0', '31', 'x', '-1', '1.5']) {
      const refused = await myPlay(user, { days });
      expect(refused.code, days).toBe(400);
    }
    // Without a login: refused.
    expect((await ctx.api.get('/app/protection/myPlay')).code).toBe(401);
  });

  it('another player sees none of it, and a player with no play sees 30 empty days (IDOR)', async () => {
    const [owner, other] = [await registerUser(ctx), await registerUser(ctx)];
    await fundUser(ctx, owner.id, 'CHIP', 100_000n);
    const s = await nextGameSession(ctx);
    expect((await bet(owner, s, 'Big', '10')).code).toBe(200);
    expect((await myPlay(owner)).result.totals.coins).toHaveLength(1);
    // No parameter names a user: whatever another player sends, they read their own (empty) figures.
    const queries: Record<string, string>[] = [{}, { userId: String(owner.id) }, { uid: String(owner.id), days: '30' }];
    for (const query of queries) {
      const theirs = await myPlay(other, query);
      expect(theirs.code).toBe(200);
      expect(theirs.result.totals).toEqual({ minutes: 0, coins: [] });
      expect(theirs.result.days.every((d) => d.coins.length === 0 && d.minutes === 0)).toBe(true);
    }
    // Stopping for today changes only the caller's own exclusion.
    const stop = await ctx.api.post<ProtectionSettings>(
      '/app/protection/realityCheck/stopForToday',
      { userId: String(owner.id) },
      as(other),
    );
    expect(stop.code).toBe(200);
    expect((await ctx.api.get<ProtectionSettings>('/app/protection/settings', {}, as(owner))).result.excludedUntil).toBeNull();
    expect((await bet(owner, s, 'Small', '10')).code).toBe(200);
  });
});

describe('stop for today (the reality check)', () => {
  it('excludes the player for 24 hours through the self-exclusion, acknowledges the check, and keeps a longer exclusion', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 100_000n);
    await ctx.api.post('/app/protection/realityCheck/interval', { minutes: '15' }, as(user));
    let s = await nextGameSession(ctx);
    expect((await bet(user, s, 'Big', '10')).code).toBe(200);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 16 * 60_000));
    s = await nextGameSession(ctx);
    expect((await bet(user, s, 'Big', '10')).code).toBe(200);
    expect((await ctx.api.get<RealityCheck>('/app/protection/realityCheck', {}, as(user))).result.due).toBe(true);

    const stopped = await ctx.api.post<ProtectionSettings>('/app/protection/realityCheck/stopForToday', {}, as(user));
    expect(stopped.code, stopped.message).toBe(200);
    expect(Date.parse(stopped.result.excludedUntil as string) - ctx.clock.now().getTime()).toBe(86_400_000);
    expect((await ctx.api.get<RealityCheck>('/app/protection/realityCheck', {}, as(user))).result.due).toBe(false);
    const refused = await bet(user, s, 'Small', '10');
    expect(refused.code).toBe(13001);
    // The same exclusion as the screen's: it cannot be shortened, and a second stop keeps it.
    expect((await ctx.api.post('/app/protection/exclude', { period: '24h' }, as(user))).code).toBe(13002);
    await ctx.api.post('/app/protection/exclude', { period: '7d' }, as(user));
    const again = await ctx.api.post<ProtectionSettings>('/app/protection/realityCheck/stopForToday', {}, as(user));
    expect(again.code).toBe(200);
    expect(Date.parse(again.result.excludedUntil as string) - ctx.clock.now().getTime()).toBe(7 * 86_400_000);
    // A day later the 7-day exclusion still refuses; the bet path reads the same column.
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 86_400_000 + 60_000));
    const later = await nextGameSession(ctx);
    expect((await bet(user, later, 'Big', '10')).code).toBe(13001);
  });
});
