import { mkdir, writeFile } from 'node:fs/promises';
import { seededRandom } from '../platform/random';
import { createTestContext } from '../testing';
import { startChaosTarget } from './chaos';
import { runSimulation, type SimulationReport } from './simulation';
import { inProcessTarget } from './target';

/**
 * `npm run simulate -- --ops 100000 --concurrency 32 --seed 7 [--users 200]`:
 * the simulation on a fresh PostgreSQL database (TEST_DATABASE_URL, default the
 * local `test` server), one core in this process with a manual clock.
 * `--processes 2 --crash-every 3000`: real core processes instead, killed with
 * SIGKILL about every 3 s and restarted (not repeatable: real time and races).
 * Prints the report; on failure the seed and the operation log
 * (.tmp/simulate-<seed>.jsonl) reproduce it, and it exits 1.
 */
function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

const options = { ops: option('ops', 5000), concurrency: option('concurrency', 32), seed: option('seed', 1), users: option('users', 100) };
const processes = option('processes', 0);
const crashEveryMs = option('crash-every', 0);
process.env.TEST_DB = 'pg';
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const inProcess = async (ops: number) => {
  const ctx = await createTestContext({ deps: { random: seededRandom(`simulation-${options.seed}`) } });
  try {
    return await runSimulation(inProcessTarget(ctx), { ...options, ops });
  } finally {
    await ctx.close();
  }
};

/**
 * A failure in the repeatable (in-process) mode is shrunk: the same seed with
 * fewer operations replays a prefix of the same run, so a binary search finds
 * the shortest operation budget that still fails.
 */
async function shortestFailing(failingOps: number): Promise<{ budget: number; report: SimulationReport }> {
  let low = 1;
  let high = failingOps;
  let shortest: SimulationReport | undefined;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const attempt = await inProcess(middle);
    console.error(`  --ops ${middle}: ${attempt.failures.length > 0 ? 'fails' : 'passes'}`);
    if (attempt.failures.length > 0) {
      high = middle;
      shortest = attempt;
    } else low = middle + 1;
  }
  return { budget: high, report: shortest ?? (await inProcess(high)) };
}

const writeLog = async (report: SimulationReport, name: string) => {
  await mkdir('.tmp', { recursive: true });
  const file = `.tmp/${name}.jsonl`;
  await writeFile(file, report.log.map((entry) => JSON.stringify(entry)).join('\n'));
  return file;
};

let report: SimulationReport;
if (processes > 0) {
  const target = await startChaosTarget({ processes, crashEveryMs, seed: options.seed });
  try {
    report = await runSimulation(target, options);
  } finally {
    await target.close();
  }
} else {
  report = await inProcess(options.ops);
}
const { log: _log, ...summary } = report;
const logFile = await writeLog(report, `simulate-${options.seed}`);
console.log(JSON.stringify(summary, null, 2));
if (report.failures.length > 0) {
  console.error(
    `FAILED with seed ${options.seed}: rerun with npm run simulate -- ${process.argv.slice(2).join(' ')}; the operation log is ${logFile}`,
  );
  if (processes === 0) {
    console.error('Shrinking (same seed, fewer operations):');
    const { budget, report: shortest } = await shortestFailing(options.ops);
    const shortFile = await writeLog(shortest, `simulate-${options.seed}-shortest`);
    console.error(
      `Shortest failing run: npm run simulate -- --seed ${options.seed} --users ${options.users} --concurrency ${options.concurrency} --ops ${budget} (${shortest.ops} operations); log ${shortFile}; first failure: ${shortest.failures[0]}`,
    );
  }
  process.exitCode = 1;
} else {
  console.log(`simulation OK: ${report.ops} operations, ${report.rounds} rounds, ${report.opsPerSecond} ops/s, ledger ${report.digest}`);
}
