import type { Database } from '../db/client';
import type { Clock } from '../platform/clock';
import { lastWithdrawCode, seedOperator, type TestApi, type TestContext } from '../testing';

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
  /** Four eyes needs two operators: their Authorization header values (requester, approver), two finance operators. */
  operators: { requester: string; approver: string };
}

/** The two finance operators of every simulation: one requests an adjustment, the other approves it. */
const OPERATOR_TOKENS = { requester: 'sim-finance-requester-token', approver: 'sim-finance-approver-token' };
export const SIMULATION_OPERATORS = {
  requester: `Ops ${OPERATOR_TOKENS.requester}`,
  approver: `Ops ${OPERATOR_TOKENS.approver}`,
};

/** Seeds them (accounts with personal API tokens, as `npm run ops -- login` would give them). */
export async function seedSimulationOperators(db: Database, clock: Pick<Clock, 'now'>): Promise<void> {
  await seedOperator(db, clock, { login: 'sim-finance-1', role: 'finance', apiToken: OPERATOR_TOKENS.requester });
  await seedOperator(db, clock, { login: 'sim-finance-2', role: 'finance', apiToken: OPERATOR_TOKENS.approver });
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
      await seedSimulationOperators(ctx.db, ctx.clock);
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
    operators: SIMULATION_OPERATORS,
  };
}
