import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed';

/** Where benchmarks run: a fresh database on BENCH_DATABASE_URL's server (PostgreSQL only). */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function freshDatabase(poolSize: number) {
  const name = `prism_bench_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize });
  await handle.migrate();
  await seedDatabase(handle.db);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

export interface Measured {
  operations: number;
  failures: number;
  /** The first failure's message, so a broken run says why. */
  firstError?: string;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Runs `work` from `concurrency` loops for `seconds`, timing each call (milliseconds). */
export async function measure(
  concurrency: number,
  seconds: number,
  work: (worker: number, i: number) => Promise<unknown>,
): Promise<Measured> {
  const latencies: number[] = [];
  let failures = 0;
  let firstError: string | undefined;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        const t = performance.now();
        try {
          await work(worker, i);
          latencies.push(performance.now() - t);
        } catch (error) {
          failures++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 100) / 100;
  return {
    operations: latencies.length,
    failures,
    ...(firstError ? { firstError } : {}),
    seconds: Math.round(elapsed * 10) / 10,
    perSecond: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
  };
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} x ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** A small deterministic random source, so runs are comparable. */
export function lcg(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % max;
  };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 100 ticks a second). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
