import type { GameBetRecord } from '@prism/domain';
import { AppError } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { ManualClock } from '../../platform/clock';
import { createTestContext, fundedUsers, fundUser, nextGameSession, registerUser, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { SYSTEM_SHARDS } from '../ledger';
import { placeBet } from './betting';

/**
 * Bets racing the settlement of their session (PostgreSQL only: PGlite runs one
 * transaction at a time). A bet that read the session as open must either be
 * settled with it or be refused: never committed PENDING into a settled session.
 * The bets use a clock inside the betting window (a slow request, or a process
 * whose clock lags), the scheduler one past the session's end.
 */
let ctx: TestContext;
let users: TestUser[];
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-23T10:00:10Z');
  users = await fundedUsers(ctx, 12, 'CHIP', 100_000_000n);
}, 120_000);
afterAll(() => ctx.close());

const ITERATIONS = 100;
/** Users whose bet arrives after the draw (see raceOnce). */
const LATE = 2;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A CHIP bet on Big in room 1's session of `base` x `multiples`, and how many of it fit under the room's per-session cap. */
async function capBet(gameSessionId: number, baseAmount: bigint, betMultiples: number) {
  const input = {
    gameSessionId,
    betName: 'Big' as const,
    baseAmount,
    betMultiples,
    totalBetAmount: baseAmount * BigInt(betMultiples),
    coin: 'CHIP' as const,
  };
  const [room] = await queryRows<{ cap: string }>(ctx.db, sql`select bet_amount_max::text as cap from game_levels where level = 1`);
  return { input, fit: Number(BigInt(room?.cap ?? '0') / input.totalBetAmount) };
}

/**
 * Another transaction holding the user's accounts until `waiters` statements of this database wait
 * on a lock (or 10 s pass): answered once the accounts are held, with the holder's commit (wrapped:
 * an async function answering a promise would wait for it).
 */
async function holdAccounts(userId: number, waiters: number): Promise<{ released: Promise<void> }> {
  let locked: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const waiting = async () => {
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    return row?.n ?? 0;
  };
  const holder = ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ledger_accounts where user_id = ${userId} for update`);
    locked();
    for (let tries = 0; tries < 200 && (await waiting()) < waiters; tries++) await pause(50);
  });
  await held;
  return { released: holder };
}

async function raceOnce(iteration: number): Promise<{ placed: number; refused: number }> {
  const session = await nextGameSession(ctx);
  const betClock = new ManualClock(new Date(session.betEndTime - 1_000));
  ctx.clock.set(new Date(session.sessionEndTime + 500));
  const input = {
    gameSessionId: session.id,
    betName: 'Big' as const,
    baseAmount: 1_000n,
    betMultiples: 1,
    totalBetAmount: 1_000n,
    coin: 'CHIP' as const,
  };
  const bet = (user: TestUser) =>
    ctx.db
      .transaction((tx) => placeBet(tx, { clock: betClock }, user.id, input))
      .then(
        () => 'placed' as const,
        (error: unknown) => {
          if (error instanceof AppError && error.key === 'ERROR_SESSION') return 'refused' as const;
          throw error;
        },
      );
  // The last two users bet only once the draw has closed the session: always refused, so the
  // refusal path is exercised however slow the machine makes the draw (under load a draw could
  // start after every racing bet had landed, and "some refused" then failed by timing alone).
  const racing = users.slice(0, -LATE);
  const bets = racing.map(async (user, i) => {
    await pause((i * 13 + iteration * 7) % 90);
    return bet(user);
  });
  const settle = pause(iteration % 9).then(() => ctx.services.game.scheduler.tick());
  const outcomes = await Promise.all(bets);
  await settle;
  const late = await Promise.all(users.slice(-LATE).map(bet));
  expect(late).toEqual(Array(LATE).fill('refused'));
  await ctx.services.game.scheduler.tick();
  const all = [...outcomes, ...late];
  return { placed: all.filter((o) => o === 'placed').length, refused: all.filter((o) => o === 'refused').length };
}

describe('bets racing settlement (PostgreSQL)', () => {
  it(`${ITERATIONS} sessions, each settled while ${12} bets arrive: no bet stays PENDING in a settled session`, async () => {
    let placed = 0;
    let refused = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      const outcome = await raceOnce(i);
      placed += outcome.placed;
      refused += outcome.refused;
    }
    // A losing bet's row stays PENDING after settlement (outcome.ts), so a stranded bet is told by
    // what its settlement saw: the fee it moved is the sum of the fees of the bets it read, so a
    // bet committed after it makes its session's fees exceed the transfer (each bet here has a fee).
    const stranded = await queryRows<{ period_id: string; fees: string; moved: string }>(
      ctx.db,
      sql`select s.period_id, sum(b.fee)::text as fees,
                 coalesce((select sum(t.amount) from ledger_transfers t where t.reference = 'session:' || s.period_id and t.type = 'fee'), 0)::text as moved
          from game_bets b join game_sessions s on s.id = b.session_id
          where s.status in ('settled', 'void') group by s.id, s.period_id
          having s.status = 'void' or sum(b.fee) <> coalesce((select sum(t.amount) from ledger_transfers t where t.reference = 'session:' || s.period_id and t.type = 'fee'), 0)`,
    );
    expect(stranded).toEqual([]);
    const [fees] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from game_bets where fee = 0`);
    expect(fees?.n).toBe(0);
    // Both sides of the race happened: some bets got in before the draw, some were refused after it.
    expect(placed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    const report = await checkLedger(ctx.db);
    expect(report.ok).toBe(true);
  }, 300_000);
});

describe("one user's bets racing the session cap (PostgreSQL)", () => {
  it('25 bets at once with room for fewer: exactly as many as fit are placed, the stake row equal to their sum', async () => {
    const user = users[0] as TestUser;
    const session = await nextGameSession(ctx);
    const { input, fit } = await capBet(session.id, 100_000n, 20);
    expect(fit).toBeGreaterThan(1);
    expect(fit).toBeLessThan(25);
    const balanceOf = async () =>
      (
        await queryRows<{ balance: string }>(
          ctx.db,
          sql`select balance::text from ledger_accounts where user_id = ${user.id} and asset = 'CHIP'`,
        )
      )[0]?.balance;
    const before = BigInt((await balanceOf()) ?? '0');
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, () =>
        ctx.db
          .transaction((tx) => placeBet(tx, { clock: ctx.clock }, user.id, input))
          .then(
            () => 'placed',
            (error: unknown) => (error instanceof AppError ? error.key : String(error)),
          ),
      ),
    );
    expect(outcomes.filter((o) => o === 'placed')).toHaveLength(fit);
    expect(outcomes.filter((o) => o !== 'placed')).toEqual(Array(25 - fit).fill('BET_SESSION_LIMIT'));
    const [row] = await queryRows<{ staked: string; bets: string }>(
      ctx.db,
      sql`select (select staked::text from game_session_stakes where session_id = ${session.id} and user_id = ${user.id}) as staked,
                 (select sum(total)::text from game_bets where session_id = ${session.id} and user_id = ${user.id}) as bets`,
    );
    expect(row?.staked).toBe(row?.bets);
    expect(BigInt(row?.bets ?? '0')).toBe(BigInt(fit) * input.totalBetAmount);
    // A bet that lost the race for the cap after its money moved gave the stake back (migration 0045).
    expect(BigInt((await balanceOf()) ?? '0')).toBe(before - BigInt(fit) * input.totalBetAmount);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  }, 60_000);
});

describe('one Idempotency-Key racing itself (PostgreSQL)', () => {
  it('12 requests at once with the same key and body: one bet, one debit, every answer that bet', async () => {
    // place_bet records the key with a plain INSERT (migration 0021): the first use commits it, the
    // others wait on the primary key, fail it (23505), and the general path replays the first answer
    // (in a batch, place_bets answers a key committed already as taken before that: migration 0045).
    const user = users[1] as TestUser;
    const session = await nextGameSession(ctx);
    const before = await queryRows<{ bets: number }>(ctx.db, sql`select count(*)::int as bets from game_bets where user_id = ${user.id}`);
    const form = { gameSessionId: String(session.id), betName: 'Big', baseAmount: '10', betMultiples: '5', totalBetAmount: '50.00' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.api.post<GameBetRecord>('/app/game/luckyLottery/betting', form, {
          token: user.token,
          headers: { 'Idempotency-Key': 'race-1' },
        }),
      ),
    );
    const first = answers.find((a) => a.code === 200)?.result;
    expect(first).toBeDefined();
    for (const answer of answers) {
      // A request that finds the first still uncommitted may be told to retry; none may place a second bet.
      if (answer.code === 200) expect(answer.result).toEqual(first);
      else expect(answer.code).toBe(423);
    }
    const [after] = await queryRows<{ bets: number; transfers: number }>(
      ctx.db,
      sql`select (select count(*)::int from game_bets where user_id = ${user.id}) as bets,
                 (select count(*)::int from ledger_transfers where reference = ${`bet:${first?.orderNo}`}) as transfers`,
    );
    expect(after?.bets).toBe((before[0]?.bets ?? 0) + 1);
    expect(after?.transfers).toBe(1);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  }, 60_000);
});

describe('one balance racing itself across rooms (PostgreSQL)', () => {
  it('3 bets in three rooms, all past the balance read, room for 2: 2 placed, 1 refused for the balance, nothing half-moved', async () => {
    // One user's bets in different sessions meet at the balance. place_bet reads the account
    // without a lock and then debits on condition (migration 0040 inlines these steps): here all
    // three read 20.00 while another transaction holds the account's row, so the last debit is
    // refused at the conditional UPDATE, after the house's credit when the house's row comes first
    // in id order (it must be undone). The stake row is raised only once the money moved (migration
    // 0045), so the refused bet never touches it. Every house shard exists before the user's
    // account, so the house's row comes first whichever shard a bet takes.
    await ctx.db.execute(
      sql`insert into ledger_accounts (asset, system_name, shard) select 'CHIP', 'house', g from generate_series(0, ${SYSTEM_SHARDS - 1}) g on conflict do nothing`,
    );
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 2_000n);
    const first = await nextGameSession(ctx);
    const sessions = [first.id];
    for (const level of ['2', '3'])
      sessions.push((await ctx.api.get<{ id: number }>('/app/game/luckyLottery/getSession', { level })).result.id);
    // The holder lets go once all three bets wait on a lock (each past its read of the balance).
    const holder = await holdAccounts(user.id, 3);
    const bets = Promise.all(
      sessions.map((gameSessionId) =>
        // On the handle, as the app places a bet: a refusal commits what the statement left.
        placeBet(ctx.db, { clock: ctx.clock }, user.id, {
          gameSessionId,
          betName: 'Big',
          baseAmount: 1_000n,
          betMultiples: 1,
          totalBetAmount: 1_000n,
          coin: 'CHIP',
        }).then(
          () => 'placed',
          (error: unknown) => (error instanceof AppError ? error.key : String(error)),
        ),
      ),
    );
    const outcomes = await bets;
    await holder.released;
    expect(outcomes.filter((o) => o === 'placed')).toHaveLength(2);
    expect(outcomes.filter((o) => o !== 'placed')).toEqual(['INSUFFICIENT_BALANCE']);
    const [row] = await queryRows<{ balance: string; stakes: string; bets: string; transfers: number }>(
      ctx.db,
      sql`select (select balance::text from ledger_accounts where user_id = ${user.id} and asset = 'CHIP') as balance,
                 (select coalesce(sum(staked), 0)::text from game_session_stakes where user_id = ${user.id}) as stakes,
                 (select coalesce(sum(total), 0)::text from game_bets where user_id = ${user.id}) as bets,
                 (select count(*)::int from ledger_transfers t join ledger_accounts a on a.id = t.from_account_id
                   where a.user_id = ${user.id} and t.type = 'bet') as transfers`,
    );
    expect(row).toEqual({ balance: '0', stakes: '2000', bets: '2000', transfers: 2 });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  }, 60_000);
});

describe('bets that passed the cap on a stale read (PostgreSQL)', () => {
  it('all read the stake row before any raised it: as many placed as fit, the others refused with their stake given back', async () => {
    // place_bet reads the player's stake in the session without a lock (so the refusals keep their
    // order) and raises it, on condition, only after the money moved (migration 0045). Here every bet
    // reads the row while another transaction holds the account, so each passes the read; the raise
    // then refuses those past the cap, and their debit and the house's credit must be undone.
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 100_000_000n);
    const session = await nextGameSession(ctx);
    const { input, fit } = await capBet(session.id, 100_000n, 100);
    const tries = fit + 1;
    expect(fit).toBe(2);
    const holder = await holdAccounts(user.id, tries);
    const outcomes = await Promise.all(
      Array.from({ length: tries }, () =>
        // On the handle, as the app places a bet: a refusal commits what the statement left.
        placeBet(ctx.db, { clock: ctx.clock }, user.id, input).then(
          () => 'placed',
          (error: unknown) => (error instanceof AppError ? error.key : String(error)),
        ),
      ),
    );
    await holder.released;
    expect(outcomes.filter((o) => o === 'placed')).toHaveLength(fit);
    expect(outcomes.filter((o) => o !== 'placed')).toEqual(['BET_SESSION_LIMIT']);
    const [row] = await queryRows<{ balance: string; stakes: string; transfers: number }>(
      ctx.db,
      sql`select (select balance::text from ledger_accounts where user_id = ${user.id} and asset = 'CHIP') as balance,
                 (select staked::text from game_session_stakes where user_id = ${user.id}) as stakes,
                 (select count(*)::int from ledger_transfers t join ledger_accounts a on a.id = t.from_account_id
                   where a.user_id = ${user.id} and t.type = 'bet') as transfers`,
    );
    const staked = BigInt(fit) * input.totalBetAmount;
    expect(row).toEqual({ balance: String(100_000_000n - staked), stakes: String(staked), transfers: fit });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  }, 60_000);
});
