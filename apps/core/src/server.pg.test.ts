import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { silentLogger } from './platform/logger';
import { startServer } from './server';
import { createEmptyPostgresDatabase } from './testing';

describe('two core processes on one PostgreSQL', () => {
  it('start together on an empty database: migrations run once, both serve the same data', async () => {
    const database = await createEmptyPostgresDatabase();
    const dirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'prism-pg-'))));
    const config = (dataDir: string) =>
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SKIP_WEB: 'true',
        DATABASE_URL: database.url,
        JWT_SECRET: 'shared-secret-for-both-processes',
      });
    const servers = await Promise.all(dirs.map((dir) => startServer(config(dir), silentLogger)));
    try {
      const bases = servers.map((s) => `http://127.0.0.1:${(s.server.address() as { port: number }).port}/core`);
      const answers = await Promise.all(
        bases.map(async (base) => (await fetch(`${base}/app/config/getSysCfgValue?sysCfgKeyEnum=COUNTRY_CODE`)).json()),
      );
      expect(answers.map((a) => (a as { code: number }).code)).toEqual([200, 200]);
      expect((answers[0] as { result: string }).result).toBe((answers[1] as { result: string }).result);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await database.drop();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });
});
