import { type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import type { Envelope } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client';
import {
  type CoreProcess,
  createEmptyPostgresDatabase,
  seedOperator,
  startCoreProcess,
  TEST_BOT_TOKEN,
  TEST_BREAK_GLASS_TOKEN,
  TEST_OPS_TOKEN,
  TEST_OWNER_LOGIN,
  TestApi,
} from '../testing';
import {
  SIMULATION_OPERATORS,
  SIMULATION_START,
  type SimulationTarget,
  seedSimulationOperators,
  unsettledSessions,
  withdrawCodeInChat,
} from './target';
import { prng } from './users';

export interface ChaosOptions {
  /** Core processes sharing one PostgreSQL database. */
  processes: number;
  /** Mean real milliseconds between two kill -9s (0: no crashes). */
  crashEveryMs: number;
  /**
   * Users keep acting past the simulation's ops until this many kills have happened under their
   * traffic: how many kills fall within a run of a given number of ops depends on how fast the
   * processes answer, not on what the run means to test.
   */
  minCrashes?: number;
  seed: number;
  /** How much faster than real time the processes' clock runs (game rooms, code timers). */
  rate?: number;
}

export type ChaosTarget = SimulationTarget & { close(): Promise<void> };

const noAnswer = <T>(): Envelope<T> => ({
  code: 0,
  message: 'no answer (the process died)',
  result: undefined as T,
  timestamp: Date.now(),
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends each request to a live process (waiting while none is); a request cut by a crash answers code 0. */
class RoutedApi extends TestApi {
  private turn = 0;
  constructor(private readonly live: () => CoreProcess[]) {
    super('');
  }

  override async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    let up = this.live();
    while (up.length === 0) {
      await pause(100);
      up = this.live();
    }
    const target = up[this.turn++ % up.length] as CoreProcess;
    return fetch(`${target.url}/core${pathname}`, init);
  }

  override async send<T = unknown>(pathname: string, init: RequestInit): Promise<Envelope<T>> {
    let status: number;
    let text: string;
    try {
      const response = await this.fetch(pathname, init);
      status = response.status;
      text = await response.text();
    } catch {
      return noAnswer<T>();
    }
    if (status !== 200) throw new Error(`HTTP ${status} for ${pathname}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as Envelope<T>;
  }
}

/**
 * Real core processes (`node apps/core/src/main.ts`) on one fresh PostgreSQL
 * database, killed with SIGKILL at seeded random moments and started again,
 * while the simulation's users keep going. Their clock runs `rate` times
 * faster (CLOCK_RATE), so rooms open, close and settle many times in a run.
 */
export async function startChaosTarget(options: ChaosOptions): Promise<ChaosTarget> {
  const database = await createEmptyPostgresDatabase({ migrated: true });
  const fake: FakeBotApi = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  const rate = options.rate ?? 10;
  const startedAt = Date.now();
  const env = {
    DATABASE_URL: database.url,
    JWT_SECRET: 'chaos-simulation-secret-0123456789abcdef',
    OPS_TOKEN: TEST_BREAK_GLASS_TOKEN,
    BOT_TOKEN: TEST_BOT_TOKEN,
    BOT_API_ROOT: fake.apiRoot,
    CLOCK_START: new Date(SIMULATION_START).toISOString(),
    CLOCK_STARTED_AT: String(startedAt),
    CLOCK_RATE: String(rate),
    GAME_TICK_MS: '100',
    GAME_CHAIN_LENGTH: '1000',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    RATE_LIMIT_SMS_PER_MINUTE: '1000000',
    RATE_LIMIT_GIFT_CODE_PER_MINUTE: '1000000',
    RATE_LIMIT_GIVE_POWER_PER_MINUTE: '1000000',
    LOG_LEVEL: 'debug',
  };
  const slots: (CoreProcess | undefined)[] = await Promise.all(Array.from({ length: options.processes }, () => startCoreProcess(env)));
  const handle: DatabaseHandle = await openDatabase({ url: database.url, poolSize: 4 });
  // The simulation's operator calls sign with TEST_OPS_TOKEN, the personal API token of an owner
  // (as in-process); the processes' OPS_TOKEN is break-glass only.
  await seedOperator(handle.db, { now: () => new Date() }, { login: TEST_OWNER_LOGIN, role: 'owner', apiToken: TEST_OPS_TOKEN });
  await seedSimulationOperators(handle.db, { now: () => new Date() });
  const live = () => slots.filter((p): p is CoreProcess => p !== undefined && p.child.exitCode === null);
  const next = prng(options.seed * 31 + 7);
  const stats = { processes: options.processes, crashes: 0, restarts: 0, slowestRestartMs: 0 };
  let faulting = false;
  let faults: Promise<void> = Promise.resolve();
  let frozenAt: Date | undefined;
  const now = () => frozenAt ?? new Date(Date.parse(SIMULATION_START) + (Date.now() - startedAt) * rate);

  const crashLoop = async () => {
    while (faulting) {
      await pause(options.crashEveryMs / 2 + next(options.crashEveryMs));
      if (!faulting) break;
      const slot = next(slots.length);
      const victim = slots[slot];
      if (!victim) continue;
      slots[slot] = undefined;
      await victim.crash();
      stats.crashes++;
      const began = performance.now();
      slots[slot] = await startCoreProcess(env).catch(async (error: Error) => {
        // What the database was doing says why a start hung.
        const activity = await queryRows(
          handle.db,
          sql`select pid, state, wait_event_type, wait_event, left(query, 160) as query, now() - query_start as running
              from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
        );
        throw new Error(`${error.message}\ndatabase activity: ${JSON.stringify(activity, null, 1)}`);
      });
      stats.restarts++;
      stats.slowestRestartMs = Math.max(stats.slowestRestartMs, Math.round(performance.now() - began));
    }
  };

  return {
    api: new RoutedApi(live),
    db: handle.db,
    now,
    async prepare() {},
    async betweenRounds() {},
    operators: SIMULATION_OPERATORS,
    withdrawCode: async (_userId, telegramId) => withdrawCodeInChat(fake, telegramId),
    startFaults() {
      if (options.crashEveryMs <= 0) return;
      faulting = true;
      faults = crashLoop();
    },
    faultsPending: () => faulting && stats.crashes < (options.minCrashes ?? 0),
    async stopFaults() {
      faulting = false;
      await faults;
      return stats;
    },
    async settle() {
      // Everything that ended is drawn and settled by the survivors; then the processes stop and time stands still.
      const deadline = Date.now() + 120_000;
      for (;;) {
        const at = now();
        const open = await unsettledSessions(handle.db, at);
        if (open === 0) {
          frozenAt = at;
          break;
        }
        if (Date.now() > deadline) throw new Error(`${open} sessions still unsettled after 120 s`);
        await pause(250);
      }
      await Promise.all(live().map((p) => p.stop()));
    },
    async close() {
      faulting = false;
      // A failed crash loop has already reported its error (stopFaults); the processes must still stop.
      await faults.catch(() => undefined);
      await Promise.all(live().map((p) => p.stop()));
      await handle.close();
      await fake.stop();
      await database.drop();
    },
  };
}
