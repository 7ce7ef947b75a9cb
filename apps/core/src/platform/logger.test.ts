import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, LOG_FLUSH_MS, requestLogger } from './logger';

/**
 * Runs `body` in a fresh node process with `logger` = createLogger('info') on its stdout (the
 * buffered destination), and returns what it printed. `mark(text)` writes straight to stdout,
 * synchronously: where a log line lands against a mark says when it was written.
 */
function printedBy(body: string): string[] {
  const script = `
    import { writeSync } from 'node:fs';
    import { createLogger } from ${JSON.stringify(new URL('./logger.ts', import.meta.url).pathname)};
    const logger = createLogger('info');
    const mark = (text) => writeSync(1, text + '\\n');
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    ${body}
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  expect(run.stderr).toBe('');
  return run.stdout.trim().split('\n');
}

const messageOf = (line: string) => (line.startsWith('{') ? (JSON.parse(line) as { msg: string }).msg : line);

describe('the buffered stdout destination', () => {
  it('writes what is buffered when the process exits', () => {
    const lines = printedBy(`for (let i = 0; i < 3; i++) logger.info({ i }, 'line ' + i); mark('before exit'); process.exit(0);`);
    // Buffered, not yet written at the mark: written by the exit itself.
    expect(lines.map(messageOf)).toEqual(['before exit', 'line 0', 'line 1', 'line 2']);
    expect(JSON.parse(lines[1] as string)).toMatchObject({ level: 30, service: 'prism-core', i: 0 });
  }, 70_000);

  it('writes a quiet process lines within LOG_FLUSH_MS, and a warning at once', () => {
    const lines = printedBy(`
      logger.info('quiet');
      await sleep(${LOG_FLUSH_MS * 3});
      mark('after the flush period');
      logger.warn('warning');
      await sleep(200);
      mark('just after the warning');
      logger.info('last');
    `);
    expect(lines.map(messageOf)).toEqual(['quiet', 'after the flush period', 'warning', 'just after the warning', 'last']);
  }, 70_000);

  it('writes a warning at once also while an earlier write is still in flight', () => {
    // A line over the 4 KB buffer starts an asynchronous write at once; a warning logged before that
    // write completes must not wait for the next timer flush (pino's flush() does nothing mid-write).
    const lines = printedBy(`
      logger.info('x'.repeat(${5_000}));
      logger.warn('warning');
      await sleep(200);
      mark('just after the warning');
      process.exit(0);
    `);
    expect(lines.map(messageOf)).toEqual(['x'.repeat(5_000), 'warning', 'just after the warning']);
  }, 70_000);
});

describe('requestLogger', () => {
  it('writes the same line as the logger, to the same destination, at the same level', () => {
    let out = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    const logger = createLogger('info', sink);
    const fields = { requestId: 'r1', method: 'POST', path: '/app/game/luckyLottery/betting', status: 200, uid: 7, ms: 1.5 };
    logger.info(fields, 'request');
    requestLogger(logger).info(fields, 'request');
    requestLogger(logger).debug(fields, 'dropped');
    const [general, request, extra] = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(extra).toBeUndefined();
    expect({ ...request, time: 0 }).toEqual({ ...general, time: 0 });
    // The general logger still redacts what a caller passes by mistake.
    logger.info({ password: 'hunter2', err: { code: '123456' } }, 'oops');
    expect(out).not.toContain('hunter2');
    expect(out).not.toContain('123456');
  });
});
