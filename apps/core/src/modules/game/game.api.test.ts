import {
  type BetName,
  computeResult,
  DEFAULT_ODDS,
  errorCatalogue,
  type GameBetRecord,
  type GameResult,
  type GameSession,
  type GameSessionDetail,
  type GameSessionResult,
  type GameVoidSummary,
  hashSeed,
  settleBet,
} from '@prism/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventBus } from '../../platform/events';
import { silentLogger } from '../../platform/logger';
import { cryptoRandom } from '../../platform/random';
import { createServices } from '../../services';
import {
  createTestContext,
  fundUser,
  moneySnapshot,
  registerUser,
  TEST_OPS_TOKEN,
  TEST_SECRET,
  type TestContext,
  type TestUser,
} from '../../testing';
import { checkLedger } from '../../testing/ledger';
import type { LedgerCheckReport } from '../ledger';
import { balancesOf } from '../ledger/ledger';
import { turnoverState } from '../ledger/turnover';
import type { Beacon, BeaconRound } from './beacon';
import { gameBets, gameChains, gameLevels, gameSessionStakes, gameSessions } from './schema';
import { toWireBet } from './views';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-23T10:00:10Z');
});
afterAll(() => ctx.close());

const tick = () => ctx.services.game.scheduler.tick();
const noEvents: EventBus = { publish: async () => undefined, subscribe: () => () => undefined, stop: async () => undefined };
const session = async (level = 1) => (await ctx.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: String(level) })).result;
const bet = (user: TestUser, form: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.api.post<GameBetRecord>('/app/game/luckyLottery/betting', form, { token: user.token, headers });
const form = (s: GameSession, betName: string, base = '10', multiples = '5', extra: Record<string, string> = {}) => ({
  gameSessionId: String(s.id),
  betName,
  baseAmount: base,
  betMultiples: multiples,
  totalBetAmount: (Number(base) * Number(multiples)).toFixed(2),
  ...extra,
});
/** Moves to the next session start, so each test has a fresh open session. */
function nextSessionStart(seconds = 60) {
  const now = ctx.clock.now().getTime();
  ctx.clock.set(new Date((Math.floor(now / (seconds * 1000)) + 1) * seconds * 1000 + 1000));
}
beforeEach(() => nextSessionStart());

describe('levels and sessions', () => {
  it('getLevelList: three rooms of 60, 180 and 300 s with every field, odds and return to player', async () => {
    const { result } = await ctx.api.get<Record<string, unknown>[]>('/app/game/luckyLottery/getLevelList');
    expect(result.map((l) => [l.level, l.sessionSeconds, l.betCloseSeconds])).toEqual([
      [1, 60, 5],
      [2, 180, 5],
      [3, 300, 5],
    ]);
    for (const field of [
      'betBaseAmountStr',
      'betMultipleStr',
      'chipMinLimit',
      'chipMaxLimit',
      'enableFlag',
      'level',
      'levelName',
      'betBaseAmount',
      'betMultiple',
      'betAmountMax',
    ]) {
      expect(result[0], field).toHaveProperty(field);
    }
    expect(result[0]).toMatchObject({
      betBaseAmountStr: '1.00,10.00,100.00,1000.00',
      betMultiple: [1, 5, 10, 20, 50, 100],
      odds: { fee: '2.00%', violet: '4.5x' },
    });
    expect(result[0]?.returnToPlayer).toMatchObject({ Big: '98.00%', Red: '93.10%', Violet: '88.20%', number: '88.20%' });
  });

  it('getSession kept in process: never past the bet window, a new window at once', async () => {
    ctx.clock.set('2026-11-23T12:00:10Z');
    const first = await session();
    expect((await session()).id).toBe(first.id);
    // Once betting closes the status is read afresh (here changed by hand as a draw would, which
    // the scheduler does only after end_at): a copy read a second before bet_end_at, well within
    // its time to live, must not outlive bet_end_at.
    ctx.clock.set('2026-11-23T12:00:54Z');
    expect(await session()).toMatchObject({ id: first.id, status: 'open' });
    await ctx.db.update(gameSessions).set({ status: 'drawn' }).where(eq(gameSessions.id, first.id));
    ctx.clock.set('2026-11-23T12:00:55Z');
    expect(await session()).toMatchObject({ id: first.id, status: 'drawn' });
    await ctx.db.update(gameSessions).set({ status: 'open' }).where(eq(gameSessions.id, first.id));
    // The next window's session, the moment it begins.
    ctx.clock.set('2026-11-23T12:01:00Z');
    const next = await session();
    expect(next).toMatchObject({ status: 'open', startTime: Date.parse('2026-11-23T12:01:00Z') });
    expect(next.id).not.toBe(first.id);
    expect(next.timestamp).toBe(ctx.clock.now().getTime());
  });

  it('getSession: the session of the server clock, with its commitment and beacon round fixed before betting', async () => {
    ctx.clock.set('2026-11-23T13:09:42Z');
    const s = await session();
    expect(s).toMatchObject({
      periodId: '20261123100789',
      level: 1,
      status: 'open',
      gameLevelName: '1 Min',
      chipMinLimit: '1.00',
      betAmountMin: '1.00',
      beaconName: 'local',
    });
    expect(s.timestamp).toBe(ctx.clock.now().getTime());
    expect(new Date(s.betEndTime).toISOString()).toBe('2026-11-23T13:09:55.000Z');
    expect(new Date(s.sessionEndTime).toISOString()).toBe('2026-11-23T13:10:00.000Z');
    expect(s.beaconRound).toBe(Math.floor(s.betEndTime / 1000));
    expect(s.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect((await ctx.api.get('/app/game/luckyLottery/getSession', { level: '7' })).code).toBe(10040);
    expect((await ctx.api.get('/app/game/luckyLottery/getSession', { level: 'x' })).code).toBe(400);
  });
});

describe('betting', () => {
  it('debits the stake, records the fee and counts the turnover', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 100_000n);
    const s = await session();
    const answer = await bet(user, form(s, 'Red'));
    expect(answer.result).toMatchObject({
      status: 'PENDING',
      betName: 'Red',
      baseAmount: '10.00',
      betMultiples: 5,
      totalBetAmount: '50.00',
      fee: '1.00',
      coin: 'CHIP',
      periodId: s.periodId,
    });
    expect(answer.result.orderNo).toMatch(new RegExp(`^B${s.periodId}`));
    expect((await balancesOf(ctx.db, user.id)).CHIP).toBe(95_000n);
    expect((await turnoverState(ctx.db, user.id, 'CASH')).done).toBe(5_000n);
  });

  it('refuses every bad bet with a clear error and moves no money', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 10_000n);
    const s = await session();
    const cases: [Record<string, string>, number | string][] = [
      [form(s, 'Red', '10', '5', { gameSessionId: '999999' }), 'Error Session'],
      [form(s, 'Red', '10', '5', { totalBetAmount: '60.00' }), 'The total must equal the base amount times the multiples'],
      [form(s, 'Red', '7', '5'), "Choose one of this room's base amounts"],
      [form(s, 'Red', '10', '3'), "Choose one of this room's multiples"],
      [form(s, 'Red', '10', '0'), 400],
      [form(s, 'Red', '10', '-5'), 400],
      [form(s, 'Red', '100', '5'), 'Insufficient balance'],
      [form(s, 'Red', '10', '5', { coin: 'BTC' }), 400],
      [form(s, 'Purple', '10', '5'), 400],
      [form(s, 'Red', '10.005', '5'), 400],
      [{}, 400],
    ];
    const before = await moneySnapshot(ctx);
    for (const [input, expected] of cases) {
      const answer = await bet(user, input);
      if (typeof expected === 'number') expect(answer.code, JSON.stringify(input)).toBe(expected);
      else expect(answer.message, JSON.stringify(input)).toBe(expected);
    }
    expect(await moneySnapshot(ctx)).toBe(before);
    // Over the room's maximum (the default lists cannot exceed it, so lower it for this case).
    await ctx.db.update(gameLevels).set({ chipMaxLimit: 40_000n }).where(eq(gameLevels.level, 1));
    try {
      expect((await bet(user, form(s, 'Red', '100', '5'))).message).toBe("The bet is outside this room's limits");
    } finally {
      await ctx.db.update(gameLevels).set({ chipMaxLimit: 10_000_000n }).where(eq(gameLevels.level, 1));
    }
    expect(await moneySnapshot(ctx)).toBe(before);
    ctx.clock.set(new Date(s.betEndTime));
    expect((await bet(user, form(s, 'Red'))).message).toBe('Error Session');
    expect(await moneySnapshot(ctx)).toBe(before);
  });

  it('caps one user per session at betAmountMax', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 50_000_000n);
    const s = await session();
    for (let i = 0; i < 2; i++) expect((await bet(user, form(s, 'Big', '1000', '100'))).code).toBe(200);
    expect((await bet(user, form(s, 'Big', '1', '1'))).message).toBe("You have reached this room's bet limit for this session");
  });

  it('a bet refused for its balance does not count toward the cap', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 10_000_000n);
    const s = await session();
    expect((await bet(user, form(s, 'Big', '1000', '100'))).code).toBe(200);
    // Within the cap, but not covered: the stake it would have added is given back.
    expect((await bet(user, form(s, 'Big', '1000', '100'))).message).toBe('Insufficient balance');
    await fundUser(ctx, user.id, 'CHIP', 10_000_000n);
    expect((await bet(user, form(s, 'Big', '1000', '100'))).code).toBe(200);
    expect((await bet(user, form(s, 'Big', '1', '1'))).message).toBe("You have reached this room's bet limit for this session");
    const [stake] = await ctx.db
      .select()
      .from(gameSessionStakes)
      .where(and(eq(gameSessionStakes.sessionId, s.id), eq(gameSessionStakes.userId, user.id)));
    const placed = await ctx.db.select().from(gameBets).where(eq(gameBets.userId, user.id));
    expect(stake?.staked).toBe(placed.reduce((sum, b) => sum + b.total, 0n));
  });

  it('an Idempotency-Key retry places the bet once', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 10_000n);
    const s = await session();
    const first = await bet(user, form(s, 'Small'), { 'Idempotency-Key': 'bet-1' });
    const again = await bet(user, form(s, 'Small'), { 'Idempotency-Key': 'bet-1' });
    expect(again.result.id).toBe(first.result.id);
    expect((await balancesOf(ctx.db, user.id)).CHIP).toBe(5_000n);
  });
});

describe('draw and settlement', () => {
  it('pays every bet what the rules give for the published result, once, and the result verifies', async () => {
    const users = await Promise.all([1, 2, 3].map(() => registerUser(ctx)));
    for (const u of users) await fundUser(ctx, u.id, 'CHIP', 1_000_000n);
    const s = await session();
    const names: BetName[] = ['Red', 'Green', 'Violet', 'Big', 'Small', '0', '5', '7'];
    const placed: { user: TestUser; record: GameBetRecord }[] = [];
    for (const [i, name] of names.entries()) {
      const user = users[i % 3] as TestUser;
      placed.push({ user, record: (await bet(user, form(s, name, '100', '10'))).result });
    }
    ctx.clock.set(new Date(s.sessionEndTime + 500));
    const report = await tick();
    expect(report.settled.map((r) => r.periodId)).toContain(s.periodId);

    const [row] = await ctx.db.select().from(gameSessions).where(eq(gameSessions.id, s.id));
    expect(row?.status).toBe('settled');
    const result = row?.result as GameResult;
    // Anyone can recompute the result from published data.
    const published = (await ctx.api.get<GameSessionResult>('/app/game/luckyLottery/sessionDetail', { periodId: s.periodId })).result;
    expect(hashSeed(published.seed as string)).toBe(s.commitment);
    expect(computeResult(published.seed as string, 1, s.periodId, published.beaconValue as string)).toBe(result);

    const records = await Promise.all(
      users.map(
        async (u) =>
          (
            await ctx.api.get<{ content: GameBetRecord[] }>(
              '/app/game/luckyLottery/userLotteryRecordPage',
              { pageNo: '1' },
              { token: u.token },
            )
          ).result.content,
      ),
    );
    for (const { user, record } of placed) {
      const expected = settleBet(record.betName, 100_000n, result, DEFAULT_ODDS);
      const settled = records[users.indexOf(user)]?.find((r) => r.id === record.id);
      expect(settled, record.betName).toMatchObject({
        status: expected.status,
        incomeAmount: (Number(expected.payout) / 100).toFixed(2),
        fee: '20.00',
      });
      expect(settled?.completeTime).not.toBeNull();
    }
    for (const u of users) {
      const won = placed
        .filter((p) => p.user === u)
        .reduce((sum, p) => sum + settleBet(p.record.betName, 100_000n, result, DEFAULT_ODDS).payout, 0n);
      const staked = BigInt(placed.filter((p) => p.user === u).length) * 100_000n;
      expect((await balancesOf(ctx.db, u.id)).CHIP).toBe(1_000_000n - staked + won);
    }
    expect((await checkLedger(ctx.db)).ok).toBe(true);

    const again = await tick();
    expect(again.settled).toEqual([]);
    const balancesAfter = await Promise.all(users.map(async (u) => (await balancesOf(ctx.db, u.id)).CHIP));
    await tick();
    expect(await Promise.all(users.map(async (u) => (await balancesOf(ctx.db, u.id)).CHIP))).toEqual(balancesAfter);
  });

  it('consecutive sessions chain: each revealed seed is the next session commitment, the first hashes to the anchor', async () => {
    const periods: GameSession[] = [];
    for (let i = 0; i < 3; i++) {
      periods.push(await session(2));
      nextSessionStart(180);
      await tick();
    }
    const proofs = await Promise.all(
      periods.map(
        async (p) =>
          (
            await ctx.api.get<GameSessionResult & { chainAnchor: string; chainIndex: number }>('/app/game/luckyLottery/sessionDetail', {
              periodId: p.periodId,
            })
          ).result,
      ),
    );
    expect(proofs[1]?.commitment).toBe(proofs[0]?.seed);
    expect(proofs[2]?.commitment).toBe(proofs[1]?.seed);
    // The room's first session takes x(N-1): its commitment is the chain's public anchor x(N).
    const [chain] = await ctx.db.select().from(gameChains).where(eq(gameChains.level, 2));
    expect(proofs[0]).toMatchObject({ chainIndex: 1, commitment: chain?.anchor, chainAnchor: chain?.anchor });
    const page = await ctx.api.get<{ content: GameSessionResult[] }>('/app/game/luckyLottery/sessionResultPage', {
      level: '2',
      pageNo: '1',
    });
    expect(page.result.content.map((r) => r.periodId)).toEqual([...periods].reverse().map((p) => p.periodId));
  });

  it('a late beacon never voids: the session waits however long, then settles with that round, also after a restart', async () => {
    // A fake drand: rounds appear only when the test publishes them.
    const published = new Map<number, BeaconRound>();
    const drand: Beacon = {
      name: 'drand-quicknet',
      roundFor: (betEndAt) => Math.floor(betEndAt.getTime() / 3_000),
      fetch: async (round) => published.get(round),
    };
    const late = await createTestContext({ env: { GAME_BEACON_TIMEOUT_SECONDS: '30' }, deps: { beacon: drand } });
    try {
      late.clock.set('2026-11-23T10:00:10Z');
      const user = await registerUser(late);
      await fundUser(late, user.id, 'CHIP', 10_000n);
      const first = (await late.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: '1' })).result;
      await late.api.post('/app/game/luckyLottery/betting', form(first, 'Big'), { token: user.token });
      late.clock.set(new Date(first.sessionEndTime + 1_000));
      const second = (await late.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: '1' })).result;
      await late.api.post('/app/game/luckyLottery/betting', form(second, 'Small'), { token: user.token });

      // Far past the old 30 s timeout, and a day later: still waiting, stake still staked, nothing void.
      for (const after of [31_000, 86_400_000]) {
        late.clock.set(new Date(second.sessionEndTime + after));
        const report = await late.services.game.scheduler.tick();
        expect(report.waiting).toEqual(expect.arrayContaining([first.periodId, second.periodId]));
        expect(report.settled.map((r) => r.periodId)).not.toContain(first.periodId);
      }
      const rows = await late.db.select().from(gameSessions).where(eq(gameSessions.level, 1));
      expect(rows.filter((r) => r.status === 'void')).toEqual([]);
      expect((await balancesOf(late.db, user.id)).CHIP).toBe(0n);
      expect((await checkLedger(late.db)).ok).toBe(true);

      // The process restarts; the first round is published: that session settles with it, the second keeps waiting.
      const value = hashSeed('ab'.repeat(32));
      published.set(first.beaconRound, { round: first.beaconRound, value, signature: 'cd'.repeat(48) });
      const restarted = createServices({
        config: late.config,
        db: late.db,
        clock: late.clock,
        random: cryptoRandom,
        logger: silentLogger,
        secret: TEST_SECRET,
        opsToken: 'x',
        events: noEvents,
        beacon: drand,
      });
      const report = await restarted.game.scheduler.tick();
      expect(report.settled.map((r) => r.periodId)).toEqual([first.periodId]);
      expect(report.waiting).toContain(second.periodId);
      const proof = (await late.api.get<GameSessionDetail>('/app/game/luckyLottery/sessionDetail', { periodId: first.periodId })).result;
      expect(proof).toMatchObject({ status: 'settled', beaconValue: value, beaconRound: first.beaconRound });
      expect(proof.lotteryResult).toBe(computeResult(proof.seed as string, 1, first.periodId, value));
      const expected = settleBet('Big', 5_000n, proof.lotteryResult as GameResult, DEFAULT_ODDS);
      const records = (
        await late.api.get<{ content: GameBetRecord[] }>('/app/game/luckyLottery/userLotteryRecordPage', {}, { token: user.token })
      ).result.content;
      expect(records.find((r) => r.periodId === first.periodId)).toMatchObject({ status: expected.status });
      expect(records.find((r) => r.periodId === second.periodId)).toMatchObject({ status: 'PENDING' });
      expect((await balancesOf(late.db, user.id)).CHIP).toBe(expected.payout);
      expect(proof.voidSummary).toEqual({ sessions: 1, voided: 0, reasons: [] });
      expect((await checkLedger(late.db)).ok).toBe(true);
    } finally {
      await late.close();
    }
  });

  it('after a restart, missed sessions are drawn and settled, once', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 100_000n);
    const s = await session(3);
    await bet(user, form(s, 'Violet', '10', '10'));
    // The process "dies": no ticks until long after the end. A new set of services takes over.
    ctx.clock.set(new Date(s.sessionEndTime + 3_600_000));
    const restarted = createServices({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      random: cryptoRandom,
      logger: silentLogger,
      secret: TEST_SECRET,
      opsToken: 'x',
      events: noEvents,
    });
    const report = await restarted.game.scheduler.tick();
    expect(report.settled.map((r) => r.periodId)).toContain(s.periodId);
    expect((await tick()).settled.map((r) => r.periodId)).not.toContain(s.periodId);
    const [row] = await ctx.db.select().from(gameSessions).where(eq(gameSessions.id, s.id));
    expect(row?.status).toBe('settled');
  });
});

describe('the ledger check and the void count', () => {
  it('ledger:check (its admin endpoint) reports a winning bet left PENDING in a settled session (a losing bet stays PENDING by design)', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 10_000n);
    const s = await session();
    const placed = (await bet(user, form(s, 'Green'))).result;
    ctx.clock.set(new Date(s.sessionEndTime + 500));
    await tick();
    const check = () => ctx.api.get<LedgerCheckReport>('/admin/ledger/check', {}, { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } });
    expect((await check()).result).toMatchObject({ ok: true, pendingBets: [] });
    // Plant the defect: the bet back to PENDING on the number drawn, as a winning bet committed after its
    // settlement would be (a losing bet's row is PENDING after settlement anyway: outcome.ts).
    const [settled] = await ctx.db.select().from(gameBets).where(eq(gameBets.id, placed.id));
    const [drawn] = await ctx.db.select().from(gameSessions).where(eq(gameSessions.id, s.id));
    await ctx.db
      .update(gameBets)
      .set({ status: 'PENDING', payout: 0n, settledAt: null, betName: String(drawn?.result) })
      .where(eq(gameBets.id, placed.id));
    try {
      const report = (await check()).result;
      expect(report.ok).toBe(false);
      expect(report.pendingBets).toEqual([
        { betId: placed.id, userId: user.id, periodId: s.periodId, sessionStatus: 'settled', coin: 'CHIP', total: '5000' },
      ]);
    } finally {
      if (settled) await ctx.db.update(gameBets).set(settled).where(eq(gameBets.id, placed.id));
    }
  });

  it('voidSummary and sessionDetail count the voided sessions, by reason', async () => {
    const s = await session();
    ctx.clock.set(new Date(s.sessionEndTime + 500));
    await tick();
    const before = (await ctx.api.get<GameVoidSummary>('/app/game/luckyLottery/voidSummary')).result;
    expect(before.voided).toBe(0);
    expect(before.sessions).toBeGreaterThan(0);
    // Sessions voided by an earlier version, whose beacon came late (none can be voided now).
    const voided = async (reason: string) => {
      nextSessionStart();
      const v = await session();
      await ctx.db.update(gameSessions).set({ status: 'void', voidReason: reason }).where(eq(gameSessions.id, v.id));
      return v;
    };
    const legacy = await voided('beacon round 1764000000 not available in time');
    await voided('beacon round 1764000060 not available in time');
    const summary = (await ctx.api.get<GameVoidSummary>('/app/game/luckyLottery/voidSummary')).result;
    expect(summary).toEqual({ sessions: before.sessions + 2, voided: 2, reasons: [{ reason: 'beaconLate', count: 2 }] });
    const detail = (await ctx.api.get<GameSessionDetail>('/app/game/luckyLottery/sessionDetail', { periodId: legacy.periodId })).result;
    expect(detail).toMatchObject({ status: 'void', voidSummary: summary });
  });
});

describe('the one-statement bet', () => {
  it('the one-statement bet answers exactly the stored bet, and records it under its key', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'USDT', 10_000n);
    const s = await session();
    const first = await bet(user, form(s, 'Violet', '10', '5', { coin: 'USDT' }), { 'Idempotency-Key': 'wire-1' });
    expect(first.code).toBe(200);
    const [row] = await ctx.db.select().from(gameBets).where(eq(gameBets.id, first.result.id));
    if (!row) throw new Error('bet row missing');
    // place_bet builds the answer in SQL; it must be toWireBet of the row it wrote.
    expect(first.result).toEqual(toWireBet(row));
    expect((await turnoverState(ctx.db, user.id, 'USDT')).done).toBe(5_000n);
    const replay = await bet(user, form(s, 'Violet', '10', '5', { coin: 'USDT' }), { 'Idempotency-Key': 'wire-1' });
    expect(replay.result).toEqual(first.result);
    const other = await bet(user, form(s, 'Red', '10', '5', { coin: 'USDT' }), { 'Idempotency-Key': 'wire-1' });
    expect(other.code).toBe(errorCatalogue.IDEMPOTENCY_CONFLICT.code);
  });

  it('a refused keyed bet records its refusal: the retry gets it again and moves nothing', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 1_000n);
    const s = await session();
    const before = await moneySnapshot(ctx);
    const first = await bet(user, form(s, 'Red', '100', '5'), { 'Idempotency-Key': 'poor-1' });
    expect(first.message).toBe('Insufficient balance');
    await fundUser(ctx, user.id, 'CHIP', 100_000n);
    const funded = await moneySnapshot(ctx);
    expect(funded).not.toBe(before);
    // Same key, same request: the recorded answer, although the balance now covers it.
    expect((await bet(user, form(s, 'Red', '100', '5'), { 'Idempotency-Key': 'poor-1' })).message).toBe('Insufficient balance');
    expect(await moneySnapshot(ctx)).toBe(funded);
  });
});

// Last: it opens sessions in every room, which takes seeds from the rooms' chains.
describe('the scheduler at idle', () => {
  it("asks for a room's current session once per window: a tick with nothing to do opens no transaction", async () => {
    ctx.clock.set('2026-11-23T14:00:01Z'); // a new window in all three rooms (60, 180 and 300 s)
    const first = await tick();
    expect(first.opened).toHaveLength(3);
    while ((await tick()).settled.length > 0); // earlier tests' sessions, now due
    const transaction = vi.spyOn(ctx.db, 'transaction');
    try {
      ctx.clock.set('2026-11-23T14:00:30Z');
      expect(await tick()).toEqual({ opened: [], settled: [], waiting: [] });
      expect(transaction).not.toHaveBeenCalled();
      ctx.clock.set('2026-11-23T14:01:01Z'); // the 60 s room's next window; its last session is due
      const next = await tick();
      expect(next.opened).toHaveLength(1);
      expect(next.settled).toHaveLength(1);
      expect(next.opened[0]).not.toBe(next.settled[0]?.periodId);
    } finally {
      transaction.mockRestore();
    }
  });
});
