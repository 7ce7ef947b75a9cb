import type { Database } from '../db/client';
import { runDailyEarnings } from '../modules/earning/job';
import { DAILY_STEPS } from '../modules/earning/steps';
import { lastWithdrawCode, type TestApi, type TestContext } from '../testing';

/**
 * Where a simulation runs. The same users and checks drive either one core in
 * this process with a manual clock (repeatable: same seed, same ledger) or
 * real core processes that are killed and restarted (chaos.ts).
 */
export interface SimulationTarget {
  /** The HTTP API; a request that gets no answer (its process died) answers code 0. */
  api: TestApi;
  /** A direct connection: codes from the outboxes, and the invariant checks. */
  db: Database;
  now(): Date;
  /** Before the users arrive: the clock at its start, chains seeded. */
  prepare(): Promise<void>;
  /** After each round. */
  betweenRounds(): Promise<void>;
  /** After the last round: every session with bets has ended and is settled. */
  settle(): Promise<void>;
  /** The latest withdrawal code the bot sent this user. */
  withdrawCode(userId: number, telegramId: number): Promise<string>;
  /** Faults (crashes) run between these two calls, while users act. */
  startFaults(): void;
  stopFaults(): Promise<Record<string, unknown>>;
  /** After settling: moves time on past the running holdings' ends and runs the daily earning job (in-process only). */
  runDays?(): Promise<void>;
}

/** Monday 09:00 in London: inside the withdrawal window for the whole run. */
export const SIMULATION_START = '2026-11-23T09:00:05Z';

/** One core in this process; time moves 10 s per round, and the scheduler runs when told. */
export function inProcessTarget(ctx: TestContext): SimulationTarget {
  const tick = () => ctx.services.game.scheduler.tick();
  return {
    api: ctx.api,
    db: ctx.db,
    now: () => ctx.clock.now(),
    async prepare() {
      ctx.clock.set(SIMULATION_START);
      // Seed chains first, before requests compete for the seeded randomness: the runs then repeat exactly.
      await tick();
    },
    async betweenRounds() {
      ctx.clock.advance(10_000);
      await tick();
    },
    async settle() {
      ctx.clock.advance(120_000);
      await tick();
      await tick();
    },
    withdrawCode: (userId) => lastWithdrawCode(ctx, userId),
    startFaults() {},
    stopFaults: async () => ({}),
    async runDays() {
      // A first run marks where the job starts (it pays finished days from then on), then two jumps,
      // so catch-up runs happen and the 7-day orders and terms end within them.
      await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, DAILY_STEPS);
      for (const days of [3, 6]) {
        ctx.clock.advance(days * 86_400_000);
        await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, DAILY_STEPS);
      }
    },
  };
}
