import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { createMetrics } from '../platform/metrics';

/**
 * `npm run bench -- metrics`: the CPU the metrics add to one request, measured in isolation and
 * paired (docs/performance.md, "Metrics"). Each round times N requests' worth of the same fake
 * request and response (an EventEmitter that emits 'finish', as Node's response does) without the
 * metrics, then with the request middleware and, for a bet, the bet counter. The difference is what
 * a request pays: one performance.now() at each end, one listener, the cell lookups and one observe.
 * `npm run bench -- http` with BENCH_BASELINE_CORE (a bundle built without the metrics) measures the
 * same on whole bets, where it is lost in the noise of a loaded machine.
 */
const N = Number(process.env.BENCH_N ?? 200_000);
const ROUNDS = Number(process.env.BENCH_RUNS ?? 5);

const route = { path: '/app/game/luckyLottery/betting' };

function fakeExchange(): { req: Request; res: Response & EventEmitter } {
  const res = Object.assign(new EventEmitter(), { statusCode: 200, locals: {} }) as unknown as Response & EventEmitter;
  const req = { method: 'POST', baseUrl: '/core', route } as unknown as Request;
  return { req, res };
}

function cpuMicros(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

const metrics = createMetrics({ processMetrics: false });
const next = () => undefined;
const without = () => {
  for (let i = 0; i < N; i++) {
    const { res } = fakeExchange();
    res.emit('finish');
  }
};
const withMetrics = () => {
  for (let i = 0; i < N; i++) {
    const { req, res } = fakeExchange();
    metrics.http(req, res, next);
    res.emit('finish');
    metrics.betPlaced('CHIP', 'size');
  }
};

const deltas: number[] = [];
for (let round = 0; round < ROUNDS + 1; round++) {
  const base = cpuMicros(without);
  const measured = cpuMicros(withMetrics);
  if (round > 0) deltas.push((measured - base) / N); // the first round warms the JIT up
}
deltas.sort((a, b) => a - b);
const median = deltas[Math.floor(deltas.length / 2)] ?? 0;
const observed = (await metrics.registry.metrics()).match(/prism_http_request_duration_seconds_count\{[^}]*\} (\d+)/)?.[1];
console.log(
  JSON.stringify(
    {
      requestsPerRound: N,
      rounds: ROUNDS,
      addedCpuMicrosPerBet: { min: Math.round((deltas[0] ?? 0) * 100) / 100, median: Math.round(median * 100) / 100 },
      observed: Number(observed),
    },
    null,
    2,
  ),
);
