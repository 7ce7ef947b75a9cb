import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './dataDirLock';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the data folder lock (embedded database: one owner)', () => {
  it('refuses a second owner until released', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'prism-lock-'));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir as string)).toThrow(DataDirInUseError);
    release();
    expect(existsSync(path.join(dir, 'prism.lock'))).toBe(false);
    lockDataDir(dir)();
  });

  it('refuses a lock held by another live process, naming it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'prism-lock-'));
    writeFileSync(path.join(dir, 'prism.lock'), String(process.ppid));
    expect(() => lockDataDir(dir as string)).toThrow(`in use by process ${process.ppid}`);
  });

  it('takes over a lock left by a process that died', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'prism-lock-'));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(path.join(dir, 'prism.lock'), gone);
    const release = lockDataDir(dir);
    release();
  });
});
