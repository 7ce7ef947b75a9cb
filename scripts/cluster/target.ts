import type { FakeBotApi } from '@prism/bot/testing';
import { CODE_VALID_SECONDS, LOCALES, withdrawalTexts } from '@prism/domain';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/core/src/db/client';
import { queryRows } from '../../apps/core/src/db/client';
import { SIMULATION_OPERATORS, SIMULATION_START, type SimulationTarget } from '../../apps/core/src/simulate/target';
import { ClusterApi } from './api';
import type { Faults } from './faults';

/** Whether a chat message is a withdrawal code message (its text with the code taken out, in any language). */
const CODE_TEMPLATES = new Set(LOCALES.map((locale) => withdrawalTexts(locale).code('000000', CODE_VALID_SECONDS / 60)));
const isCodeMessage = (text: string) => CODE_TEMPLATES.has(text.replace(/\b\d{6}\b/, '000000'));

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
    // The code is delivered before sendCode answers, but a results message for the same chat may
    // arrive after it: the newest message that IS a code message, in whatever language the user has
    // (the first run on the merged tree read the newest message and found a results message).
    withdrawCode: async (_userId, telegramId) => {
      const text = fake
        .sent(telegramId)
        .map((message) => message.text ?? '')
        .findLast(isCodeMessage);
      const code = text?.match(/\b\d{6}\b/)?.[0];
      if (!code) throw new Error(`no withdrawal code in chat ${telegramId}`);
      return code;
    },
    startFaults() {},
    stopFaults: () => faults.finish(),
    async settle() {
      // Every session that ended is drawn and settled by the cores; then they stop and time stands still.
      const deadline = Date.now() + 180_000;
      for (;;) {
        const at = now();
        const [open] = await queryRows<{ n: number }>(
          handle.db,
          sql`select count(*)::int as n from game_sessions s
              where s.status not in ('settled', 'void')
                and (s.end_at < ${at.toISOString()}::timestamptz or exists (select 1 from game_bets b where b.session_id = s.id))`,
        ).catch(() => [{ n: -1 }]);
        if (open?.n === 0) {
          frozenAt = at;
          break;
        }
        if (Date.now() > deadline) throw new Error(`${open?.n} sessions still unsettled after 180 s`);
        await pause(250);
      }
      await options.stopCores();
    },
  };
}
