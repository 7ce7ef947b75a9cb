import type { Logger } from './logger';

/** One thing to close at shutdown; `essential` ones decide the exit code (data could be lost if they fail). */
export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown> | unknown;
  timeoutMs?: number;
  essential?: boolean;
}

export interface ShutdownReport {
  /** Steps that threw or did not finish in time. */
  failed: string[];
  /** Whether every essential step finished. */
  clean: boolean;
}

const DEFAULT_STEP_TIMEOUT_MS = 5_000;

/**
 * Runs every step in order, each on its own: a step that throws or hangs is
 * logged and the next one still runs, so a bot that cannot reach Telegram never
 * keeps the database from closing.
 */
export async function runShutdown(steps: ShutdownStep[], logger: Logger): Promise<ShutdownReport> {
  const failed: string[] = [];
  let clean = true;
  for (const step of steps) {
    const timeoutMs = step.timeoutMs ?? DEFAULT_STEP_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not finish in ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([Promise.resolve().then(step.run), timeout]);
      logger.debug({ step: step.name }, 'shutdown step done');
    } catch (error) {
      failed.push(step.name);
      if (step.essential) clean = false;
      logger.warn({ err: error, step: step.name }, 'shutdown step failed');
    } finally {
      clearTimeout(timer);
    }
  }
  return { failed, clean };
}

export interface StopRequest {
  /** The first SIGINT or SIGTERM received. */
  signal: Promise<NodeJS.Signals>;
  /** Called for every later one (which changes nothing). */
  onRepeat(listener: (signal: NodeJS.Signals) => void): void;
}

/**
 * Listens for SIGINT and SIGTERM from now on: the first asks the process to stop, and any later
 * one changes nothing. One stop request reaches a process several times: a supervisor (systemd,
 * Docker) or Ctrl-C signals the whole process group (npm, scripts/start.mjs, the server, each
 * cluster worker), and each parent forwards what it got as well, so a repeat must not cut a
 * graceful shutdown short (the shutdown has its own deadline; SIGKILL still ends it at once).
 * Call it first thing: a signal during start-up then waits for the start instead of killing the
 * process half-way with the default action.
 */
export function listenForStop(): StopRequest {
  let first: ((signal: NodeJS.Signals) => void) | undefined;
  const signal = new Promise<NodeJS.Signals>((resolve) => {
    first = resolve;
  });
  let repeat: (signal: NodeJS.Signals) => void = () => {};
  let received = false;
  const handle = (name: NodeJS.Signals) => {
    if (received) return repeat(name);
    received = true;
    first?.(name);
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
  return {
    signal,
    onRepeat(listener) {
      repeat = listener;
    },
  };
}
