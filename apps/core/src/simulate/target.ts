import type { FakeBotApi } from '@prism/bot/testing';
import { CODE_VALID_SECONDS, LOCALES, withdrawalTexts } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../db/client';
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
  /** Whether the faults still owe what the run asked of them (the users then go on past their ops). */
  faultsPending?(): boolean;
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

/** Whether a chat message is a withdrawal code message: its text with the code taken out, in any language. */
const CODE_TEMPLATES = new Set(LOCALES.map((locale) => withdrawalTexts(locale).code('000000', CODE_VALID_SECONDS / 60)));
const isCodeMessage = (text: string) => CODE_TEMPLATES.has(text.replace(/\b\d{6}\b/, '000000'));

/**
 * The code of the newest withdrawal code message in a chat at the fake Bot API. The code is delivered
 * before sendCode answers, but a results message for the same chat may arrive after it, so the newest
 * message is not always the code (the cluster test failed so once).
 */
export function withdrawCodeInChat(fake: FakeBotApi, telegramId: number): string {
  const text = fake
    .sent(telegramId)
    .map((message) => message.text ?? '')
    .findLast(isCodeMessage);
  const code = text?.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no withdrawal code in chat ${telegramId}`);
  return code;
}

/** Sessions not yet settled that ended by `at` or hold bets: what a simulation waits for before its checks. */
export async function unsettledSessions(db: Executor, at: Date): Promise<number> {
  const [open] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from game_sessions s
        where s.status not in ('settled', 'void')
          and (s.end_at < ${at.toISOString()}::timestamptz or exists (select 1 from game_bets b where b.session_id = s.id))`,
  );
  return open?.n ?? 0;
}
