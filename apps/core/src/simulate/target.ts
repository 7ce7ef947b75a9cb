import { AppError, errorCatalogue } from '@prism/domain';
import type { Database } from '../db/client';
import { approveAdjustment } from '../modules/adjustment';
import { lastWithdrawCode, operatorActor, type TestApi, type TestContext } from '../testing';

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
  /**
   * Four eyes needs two operators: their Authorization header values (requester, approver).
   * TODO(integrator, issue 25): once the "operators" helper's provisionOperator lands
   * (apps/core/src/testing/operators.ts), give every target two finance operators' API tokens here
   * and drop `secondOperator`. Until then only the shared token exists on HTTP.
   */
  operators?: { requester: string; approver: string };
  /** Meanwhile: a second operator at the service level (in-process only); answers the envelope code. */
  secondOperator?: { approveAdjustment(id: number): Promise<number> };
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
    secondOperator: {
      async approveAdjustment(id) {
        try {
          await approveAdjustment({ db: ctx.db, clock: ctx.clock }, id, operatorActor(2, 'sim-approver'));
          return 200;
        } catch (error) {
          if (error instanceof AppError) return errorCatalogue[error.key].code;
          throw error;
        }
      },
    },
  };
}
