import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type CoreProcess, createEmptyPostgresDatabase, heldRequest, printed, signal, spawnCoreProcess, startCoreProcess } from './testing';

/**
 * WORKERS=2 on PostgreSQL: one port, two worker processes, both answering; SIGTERM stops them all.
 * Every check of an exit code shows the process's output when it fails: a bare "expected 0, got 1"
 * says nothing about which worker ended how.
 */
let database: { url: string; drop(): Promise<void> } | undefined;
let core: CoreProcess | undefined;
afterEach(async () => {
  await core?.stop('group');
  core = undefined;
  await database?.drop();
});

/** A request on a connection of its own: the primary hands each new connection to the next worker. */
const healthOnce = (url: string) =>
  new Promise<{ worker?: number; starting?: true }>((resolve, reject) => {
    http
      .get(`${url}/core/health`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => {
          const result = (JSON.parse(body) as { result?: { worker?: number } | null }).result;
          // A worker that listens but is still opening the database answers 503: not up yet, ask again.
          if (res.statusCode === 503) resolve({ starting: true });
          // Any other answer without a result (a refusal) fails with what it was, not with "reading 'worker' of null".
          else if (result) resolve(result);
          else reject(new Error(`health answered ${res.statusCode}: ${body}`));
        });
      })
      .on('error', reject);
  });

const METRICS = 'cluster-test-metrics-token';

/** GET /core/metrics as Prometheus asks, on a connection of its own. */
const metricsOnce = (url: string) =>
  new Promise<string>((resolve, reject) => {
    http
      .get(`${url}/core/metrics`, { agent: false, headers: { Authorization: `Bearer ${METRICS}` } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`metrics answered ${res.statusCode}: ${body}`))));
      })
      .on('error', reject);
  });

const clusterEnv = (url: string, logLevel = 'info') => ({
  DATABASE_URL: url,
  JWT_SECRET: 'cluster-test-secret-0123456789abcdef',
  WORKERS: '2',
  GAME_TICK_MS: '0',
  LOG_LEVEL: logLevel,
});

/**
 * The worker ids that answered, asking until both did (or 30 s passed). The primary reports ready when
 * the first worker listens; the second may still be starting, and until it listens the primary hands
 * every connection to the first, and once it listens it answers 503 until its database is open.
 */
async function workersAnswering(url: string): Promise<number[]> {
  const seen = new Set<number | undefined>();
  for (const ends = Date.now() + 30_000; seen.size < 2 && Date.now() < ends; ) {
    const answer = await healthOnce(url);
    if (!answer.starting) seen.add(answer.worker);
    if (seen.size < 2) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [...seen].filter((id): id is number => id !== undefined).sort();
}

/** The exit code, with the output when it is not 0 (so that a failure says why). */
const exitOf = (code: number | null, output: string) => ({ code, output: code === 0 ? '' : output });

describe('core workers (node:cluster)', () => {
  it('two workers serve the same port, each answering, any one scraped answers for both, and they stop together on SIGTERM to the primary', async () => {
    database = await createEmptyPostgresDatabase({ migrated: true });
    core = await startCoreProcess({ ...clusterEnv(database.url), METRICS_TOKEN: METRICS }, [], undefined, { detached: true });
    expect(await workersAnswering(core.url)).toEqual([1, 2]);
    // Each scrape on a connection of its own, so the primary hands them to either worker: every one holds both.
    for (let i = 0; i < 6; i++) {
      const text = await metricsOnce(core.url);
      expect(text.match(/^prism_process_cpu_user_seconds_total\{worker="(\d)"\}/gm)?.sort()).toEqual([
        'prism_process_cpu_user_seconds_total{worker="1"}',
        'prism_process_cpu_user_seconds_total{worker="2"}',
      ]);
      expect(text).toMatch(/^prism_cluster_workers\{state="answered"\} 2$/m);
      // One valid exposition: each metric's TYPE once, however many workers hold it.
      expect(text.match(/^# TYPE prism_http_request_duration_seconds /gm)).toHaveLength(1);
    }
    const output = core.output;
    const code = await core.stop('process');
    core = undefined;
    expect(exitOf(code, output())).toEqual({ code: 0, output: '' });
  }, 120_000);

  it('SIGTERM to the whole group (each worker hears it twice): one graceful shutdown per worker, a request in flight answered, exit 0', async () => {
    database = await createEmptyPostgresDatabase({ migrated: true });
    core = await startCoreProcess(clusterEnv(database.url, 'debug'), [], undefined, { detached: true });
    const { child, output } = core;
    // Both workers up (their signal handlers installed): a worker still loading would simply die of the signal.
    expect(await workersAnswering(core.url)).toEqual([1, 2]);
    const held = await heldRequest(core.url, '/core/app/auth/login', { phone: '8100000078', password: 'not-the-password' });
    signal(child, 'SIGTERM', 'group');
    await printed(child, output, /"msg":"stopping"[\s\S]*"msg":"stopping"/, 30_000);
    // Again, once both handle the first (two signals sent at once may merge into one delivery):
    // npm's forwarded copy, or a supervisor's repeat.
    signal(child, 'SIGTERM', 'group');
    // Both workers have stopped their jobs and are closing their HTTP servers: the request is in flight.
    await printed(
      child,
      output,
      /"step":"game scheduler"[^\n]*"msg":"shutdown step done"[\s\S]*"step":"game scheduler"[^\n]*"msg":"shutdown step done"/,
      30_000,
    );
    const answer = await held.finish();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    const code = await core.exited;
    core = undefined;
    expect(exitOf(code, output())).toEqual({ code: 0, output: '' });
    expect(output()).not.toMatch(/second signal|did not finish in time/);
    expect(output().match(/"msg":"stopping"/g)).toHaveLength(2);
    expect(output().match(/"failed":\[\],"clean":true,"msg":"stopped"/g)).toHaveLength(2);
  }, 120_000);

  it('SIGTERM to the group while the workers are still starting: they finish starting, stop cleanly, exit 0', async () => {
    database = await createEmptyPostgresDatabase();
    const starting = await spawnCoreProcess(clusterEnv(database.url, 'debug'), { detached: true });
    try {
      // One worker is migrating (its handler is installed, nothing is ready); the other may still be loading.
      await starting.printed(/"msg":"database open; migrating"/);
      signal(starting.child, 'SIGTERM', 'group');
      const code = await starting.exited;
      expect(exitOf(code, starting.output())).toEqual({ code: 0, output: '' });
    } finally {
      if (starting.child.exitCode === null && starting.child.signalCode === null) signal(starting.child, 'SIGKILL', 'group');
    }
  }, 120_000);
});
