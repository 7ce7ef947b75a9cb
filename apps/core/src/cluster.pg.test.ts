import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type CoreProcess, createEmptyPostgresDatabase, startCoreProcess } from './testing';

/** WORKERS=2 on PostgreSQL: one port, two worker processes, both answering; SIGTERM stops them all. */
let database: { url: string; drop(): Promise<void> } | undefined;
let core: CoreProcess | undefined;
afterEach(async () => {
  await core?.stop();
  await database?.drop();
});

/** A request on a connection of its own: the primary hands each new connection to the next worker. */
const healthOnce = (url: string) =>
  new Promise<{ worker?: number }>((resolve, reject) => {
    http
      .get(`${url}/core/health`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve((JSON.parse(body) as { result: { worker?: number } }).result));
      })
      .on('error', reject);
  });

describe('core workers (node:cluster)', () => {
  it('two workers serve the same port, each answering, and stop together', async () => {
    database = await createEmptyPostgresDatabase();
    core = await startCoreProcess({
      DATABASE_URL: database.url,
      JWT_SECRET: 'cluster-test-secret-0123456789abcdef',
      WORKERS: '2',
      GAME_TICK_MS: '0',
    });
    const seen = new Set<number | undefined>();
    for (let i = 0; i < 40 && seen.size < 2; i++) seen.add((await healthOnce(core.url)).worker);
    expect([...seen].sort()).toEqual([1, 2]);
    const code = await core.stop();
    core = undefined;
    expect(code).toBe(0);
  }, 120_000);
});
