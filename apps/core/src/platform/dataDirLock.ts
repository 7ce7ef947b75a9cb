import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Another process owns the embedded database: opening it twice would corrupt it. */
export class DataDirInUseError extends Error {}

const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dir>/prism.lock` (holding our pid) before the embedded database opens:
 * PGlite has no lock of its own, and two processes on one data folder (the
 * same DATA_DIR on two ports) would both write to it. A lock left by a process
 * that died (kill -9) is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'prism.lock');
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      return () => {
        held.delete(file);
        try {
          unlinkSync(file);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const owner = Number(readFileSync(file, 'utf8').trim());
    const ours = owner === process.pid;
    if ((ours && held.has(file)) || (!ours && Number.isInteger(owner) && owner > 0 && alive(owner)))
      throw new DataDirInUseError(
        `The embedded database in ${dir} is in use by ${ours ? 'this process' : `process ${owner}`}: stop that Prism first, or give this one another DATA_DIR.`,
      );
    unlinkSync(file); // left by a process that is gone
  }
}
