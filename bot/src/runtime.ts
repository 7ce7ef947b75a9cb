import { type Api, type Bot, GrammyError } from 'grammy';
import type { BotContext } from './context';

/** Where the bot runtime reports; core passes its pino logger. */
export interface BotLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** Failures in a row before the Bot API counts as unreachable (grammY retries getUpdates every 3 s). */
export const API_FAILURES_BEFORE_WARNING = 3;

/**
 * Watches every Bot API call (polling and sending): after `threshold` failures
 * in a row (network errors, 5xx) it logs one warning, and one info line when a
 * call succeeds again. A 4xx is Telegram answering, so it counts as reachable.
 */
export function watchApiHealth(api: Api, log: BotLog, threshold = API_FAILURES_BEFORE_WARNING): void {
  let failures = 0;
  let since = 0;
  let warned = false;
  const failed = (method: string, reason: string) => {
    if (failures === 0) since = Date.now();
    failures += 1;
    if (failures >= threshold && !warned) {
      warned = true;
      log.warn({ method, failures, reason, downMs: Date.now() - since }, 'Telegram Bot API unreachable; retrying');
    }
  };
  const succeeded = () => {
    if (warned) log.info({ failures, downMs: Date.now() - since }, 'Telegram Bot API reachable again');
    failures = 0;
    warned = false;
  };
  api.config.use(async (prev, method, payload, signal) => {
    try {
      const answer = await prev(method, payload, signal);
      if (!answer.ok && answer.error_code >= 500) failed(method, `${answer.error_code} ${answer.description}`);
      else succeeded();
      return answer;
    } catch (error) {
      // An aborted call (a long poll ended by stop()) says nothing about Telegram.
      if (!signal?.aborted) failed(method, error instanceof Error ? error.message : String(error));
      throw error;
    }
  });
}

export interface LongPolling {
  start(): void;
  /** Stops polling; never rejects (an unreachable Bot API only makes it log). */
  stop(): Promise<void>;
}

/**
 * Long polling that keeps going: grammY's own loop retries network errors but
 * gives up on 401 and 409 (another getUpdates caller, e.g. a process outside
 * this deployment); this starts it again after `restartMs` until stopped.
 */
export function longPolling(bot: Bot<BotContext>, log: BotLog, restartMs = 10_000): LongPolling {
  let running: Promise<void> | undefined;
  let stopping = false;
  let wake: (() => void) | undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, restartMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function loop(): Promise<void> {
    while (!stopping) {
      try {
        await bot.start({ drop_pending_updates: false });
      } catch (error) {
        if (stopping) return;
        const conflict = error instanceof GrammyError && error.error_code === 409;
        log.error(
          { err: error, restartMs },
          conflict ? 'bot polling stopped: another getUpdates caller or a webhook uses this token' : 'bot polling stopped',
        );
        await pause();
      }
    }
  }

  return {
    start() {
      stopping = false;
      running ??= loop().finally(() => {
        running = undefined;
      });
    },
    async stop() {
      stopping = true;
      wake?.();
      if (bot.isRunning()) {
        // bot.stop() confirms the last update with one more getUpdates; without Telegram that fails.
        await bot.stop().catch((error: unknown) => log.warn({ err: error }, 'stopping bot polling: Telegram not reachable'));
      }
      await running;
    },
  };
}
