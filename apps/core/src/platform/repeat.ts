import type { Logger } from './logger';

/**
 * The shape of every periodic job (earnings, rebates, broadcasts, the bot outbox): run now, then
 * every `everyMs`, never two runs at once, a failed run logged and left to the next. `task` gets
 * `running()`, false once stopped, so a long run can end early. Returns the stop function; the
 * timer is unref'd so it never holds the process open.
 */
export function startRepeating(
  task: (running: () => boolean) => Promise<void>,
  options: { everyMs: number; logger: Logger; failure: string },
): () => void {
  let busy = false;
  let stopped = false;
  const running = () => !stopped;
  const run = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      await task(running);
    } catch (error) {
      options.logger.warn({ err: error }, options.failure);
    } finally {
      busy = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), options.everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
