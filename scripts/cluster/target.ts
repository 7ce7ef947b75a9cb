import type { FakeBotApi } from '@prism/bot/testing';
import type { DatabaseHandle } from '../../apps/core/src/db/client';
import {
  SIMULATION_OPERATORS,
  SIMULATION_START,
  type SimulationTarget,
  unsettledSessions,
  withdrawCodeInChat,
} from '../../apps/core/src/simulate/target';
import { ClusterApi } from './api';
import type { Faults } from './faults';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The simulation against the running cluster: requests through HAProxy, checks and codes on a
 * connection through PgBouncer's session alias (so after failover, the promoted database). The core
 * processes' clock runs `rate` times faster from `startedAt` (CLOCK_RATE), as in the chaos mode.
 */
export function clusterTarget(options: {
  url: string;
  handle: DatabaseHandle;
  fake: FakeBotApi;
  faults: Faults;
  startedAt: number;
  rate: number;
  stopCores: () => Promise<void>;
}): SimulationTarget & { api: ClusterApi } {
  const { handle, fake, faults } = options;
  let frozenAt: Date | undefined;
  const now = () => frozenAt ?? new Date(Date.parse(SIMULATION_START) + (Date.now() - options.startedAt) * options.rate);
  let round = 0;
  return {
    api: new ClusterApi(options.url),
    db: handle.db,
    now,
    async prepare() {},
    async betweenRounds() {
      faults.atRound(++round);
    },
    operators: SIMULATION_OPERATORS,
    withdrawCode: async (_userId, telegramId) => withdrawCodeInChat(fake, telegramId),
    startFaults() {},
    stopFaults: () => faults.finish(),
    async settle() {
      // Every session that ended is drawn and settled by the cores; then they stop and time stands still.
      const deadline = Date.now() + 180_000;
      for (;;) {
        const at = now();
        const open = await unsettledSessions(handle.db, at).catch(() => -1);
        if (open === 0) {
          frozenAt = at;
          break;
        }
        if (Date.now() > deadline) throw new Error(`${open} sessions still unsettled after 180 s`);
        await pause(250);
      }
      await options.stopCores();
    },
  };
}
