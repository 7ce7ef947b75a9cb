import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { startRepeating } from './repeat';

const quiet = createLogger('silent');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startRepeating', () => {
  it('runs at once and again, never two runs at a time, and a failed run does not stop it', async () => {
    let runs = 0;
    let overlapping = 0;
    let inside = 0;
    const stop = startRepeating(
      async () => {
        runs += 1;
        inside += 1;
        if (inside > 1) overlapping += 1;
        await wait(30);
        inside -= 1;
        if (runs === 1) throw new Error('first run fails');
      },
      { everyMs: 5, logger: quiet, failure: 'test job failed' },
    );
    await wait(200);
    await stop();
    expect(runs).toBeGreaterThan(2);
    expect(overlapping).toBe(0);
  });

  it('tells the observer (the metrics) how long each run took: ok, idle when the task said so, failed', async () => {
    const outcomes: string[] = [];
    let runs = 0;
    const stop = startRepeating(
      async () => {
        runs += 1;
        await wait(20);
        if (runs === 2) throw new Error('second run fails');
        return runs === 1 ? undefined : false;
      },
      {
        everyMs: 5,
        logger: quiet,
        failure: 'test job failed',
        observe: (seconds, outcome) => void outcomes.push(`${outcome} ${seconds >= 0.015}`),
      },
    );
    await wait(150);
    await stop();
    expect(outcomes.slice(0, 3)).toEqual(['ok true', 'failed true', 'idle true']);
  });

  it('tells a running task that it was stopped, and starts no run after', async () => {
    const seen: boolean[] = [];
    let runs = 0;
    const stop = startRepeating(
      async (running) => {
        runs += 1;
        await wait(40);
        seen.push(running());
      },
      { everyMs: 5, logger: quiet, failure: 'test job failed' },
    );
    await wait(10);
    void stop();
    await wait(80);
    expect(seen).toEqual([false]);
    expect(runs).toBe(1);
  });

  it('stop resolves only once the run in flight has ended (the shutdown closes the database after it)', async () => {
    let finished = false;
    const stop = startRepeating(
      async () => {
        await wait(60);
        finished = true;
      },
      { everyMs: 1_000, logger: quiet, failure: 'test job failed' },
    );
    await wait(10);
    await stop();
    expect(finished).toBe(true);
  });
});
