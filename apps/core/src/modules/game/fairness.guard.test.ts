import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No code path, setting or endpoint may set or override a game result
 * (docs/fairness.md, "Tests"). The only writer of game_sessions.result is draw.ts, which takes it
 * from computeResult(seed, level, periodId, beacon). This test reads the source
 * so a new writer cannot slip in unnoticed.
 */
const SRC = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}

describe('results cannot be chosen', () => {
  // bench/ is left out: it seeds the throwaway database it creates (bench/support.ts) with a
  // history of drawn sessions in bulk, and is imported by nothing outside it (tested below).
  const files = sources(SRC)
    .map((file) => ({ file: path.relative(SRC, file), text: readFileSync(file, 'utf8') }))
    .filter(({ file }) => !file.startsWith('bench/'));

  it('no server code imports the benchmarks, which may write results', () => {
    const importers = files.filter(({ text }) => /from\s+'[^']*\/bench\//.test(text));
    expect(importers.map((f) => f.file)).toEqual([]);
  });

  it('only draw.ts writes a session result, and only from computeResult', () => {
    const writers = files.filter(
      ({ text }) =>
        /\.set\(\{[^}]*\bresult\b[^}]*\}\)/s.test(text) ||
        /update\s+game_sessions[^`]*\bresult\s*=/is.test(text) ||
        /insert\s+into\s+game_sessions[^`]*\bresult\b/is.test(text),
    );
    expect(writers.map((w) => w.file)).toEqual(['modules/game/draw.ts']);
    const draw = files.find((f) => f.file === 'modules/game/draw.ts')?.text ?? '';
    expect(draw).toMatch(/const result = computeResult\(seed, session\.level, session\.periodId, beacon\.value\)/);
  });

  it('nothing voids a session: a late beacon is waited for, never a reason to refund (docs/fairness.md)', () => {
    const voiders = files.filter(
      ({ text }) => /status:\s*'void'/.test(text) || /update\s+game_sessions[^`]*status\s*=\s*'void'/is.test(text),
    );
    expect(voiders.map((f) => f.file)).toEqual([]);
  });

  it('sessions are created without a result', () => {
    const sessions = files.find((f) => f.file === 'modules/game/sessions.ts')?.text ?? '';
    expect(sessions).not.toMatch(/\bresult\s*:/);
  });

  it('no route or setting takes a result as input', () => {
    const inputs = files.filter(
      ({ file, text }) => /(routes|admin)\.ts$/.test(file) && /z\.object\(\{[^)]*\b(result|lotteryResult|seed)\s*:/s.test(text),
    );
    expect(inputs.map((f) => f.file)).toEqual([]);
    const config = files.find((f) => f.file === 'config.ts')?.text ?? '';
    expect(config).not.toMatch(/RESULT|SEED/);
  });
});
