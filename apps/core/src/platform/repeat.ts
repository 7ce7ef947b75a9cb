import type { Logger } from './logger';

/** Told of each run's duration (s) and outcome: `idle` when the task resolved to false (nothing was due). */
export type RunObserver = (seconds: number, outcome: 'ok' | 'idle' | 'failed') => void;

/**
 * The shape of every periodic job (earnings, rebates, broadcasts, the bot outbox): run now, then
 * every `everyMs`, never two runs at once, a failed run logged and left to the next. `task` gets
 * `running()`, false once stopped, so a long run can end early. Returns the stop function, which
 * resolves once a run in flight has ended: the shutdown closes the database only after it (a run cut
 * off by the closed pool was logged as a failed job). The timer is unref'd so it never holds the
 * process open. `observe` (the metrics) is told how long each run took.
 */
export function startRepeating(
  task: (running: () => boolean) => Promise<unknown>,
  options: { everyMs: number; logger: Logger; failure: string; observe?: RunObserver | undefined },
): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  let stopped = false;
  const running = () => !stopped;
  const once = async () => {
    const started = performance.now();
    try {
      const worked = await task(running);
      options.observe?.((performance.now() - started) / 1000, worked === false ? 'idle' : 'ok');
    } catch (error) {
      options.observe?.((performance.now() - started) / 1000, 'failed');
      options.logger.warn({ err: error }, options.failure);
    } finally {
      inFlight = undefined;
    }
  };
  const run = () => {
    if (inFlight || stopped) return;
    inFlight = once();
  };
  run();
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  };
}
