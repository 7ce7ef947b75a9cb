import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { HttpClient } from '@prism/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, opsHttp, provisionOperator, TEST_BREAK_GLASS_TOKEN, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { findCommand, opsUsage } from '.';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Runs `npm run ops -- <line>` as the test owner (or with another client). */
async function ops(line: string, client?: HttpClient): Promise<unknown> {
  const command = findCommand(line.split(' '));
  if (!command) throw new Error(`unknown command: ${line}`);
  return command.command.run(command.rest, client ?? opsHttp(ctx.url, TEST_OPS_TOKEN));
}

describe('npm run ops -- operator', () => {
  it('adds an operator with a setup link, changes its role and Telegram link, disables and enables it', async () => {
    expect(opsUsage()).toContain('operator add <login> --role <role>');
    expect(findCommand(['operator', 'bootstrap', 'x'])?.command.credential).toBe('breakGlass');
    const added = (await ops('operator add fin1 --role finance --telegram 4242')) as { setupUrl: string; role: string };
    expect(added.setupUrl).toMatch(/\/admin\/setup\//);
    expect(await ops('operator role fin1 support')).toMatchObject({ login: 'fin1', role: 'support', telegramId: 4242 });
    expect(await ops('operator telegram fin1 4343')).toMatchObject({ telegramId: 4343 });
    expect(await ops('operator disable fin1')).toMatchObject({ status: 'disabled' });
    // Enabled before its setup link was used, it stays pending: only the link activates it.
    expect(await ops('operator enable fin1')).toMatchObject({ status: 'pending' });
    const list = (await ops('operator list')) as { login: string }[];
    expect(list.map((o) => o.login)).toEqual(expect.arrayContaining(['test-owner', 'fin1']));
    await expect(ops('operator role nobody finance')).rejects.toThrow(/No operator with login nobody/);
  });

  it('bootstrap uses the break-glass token, refused once an owner exists', async () => {
    const breakGlass = opsHttp(ctx.url, TEST_BREAK_GLASS_TOKEN);
    await expect(ops('operator bootstrap root', breakGlass)).rejects.toMatchObject({ code: 25007 });
    await expect(ops('operator list', breakGlass)).rejects.toMatchObject({ code: 403 });
  });

  it('login asks login, password and code on stdin and keeps a cli token in DATA_DIR (0600)', async () => {
    const person = await provisionOperator(ctx.url, TEST_OPS_TOKEN, { login: 'clerk', role: 'games' }, () => ctx.clock.now());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-ops-login-'));
    try {
      const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
      const child = promisify(execFile)('npx', ['tsx', 'apps/core/src/cli/ops.ts', 'login'], {
        cwd: root,
        env: { ...process.env, OPS_URL: ctx.url, DATA_DIR: dataDir, OPS_TOKEN: '' },
      });
      child.child.stdin?.end(`clerk\n${person.password}\n${person.recoveryCodes[0]}\n`);
      await child;
      const file = path.join(dataDir, 'ops-operator-token');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const token = (await readFile(file, 'utf8')).trim();
      const me = await opsHttp(ctx.url, token).get<{ login: string; via: string }>('/admin/auth/me');
      expect(me).toMatchObject({ login: 'clerk', via: 'cli' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
