import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A module owns its tables; others go through its service (docs/architecture.md).
 * These checks read the source so that a new shortcut cannot slip in unnoticed.
 */
const MODULES = path.resolve(import.meta.dirname);
const CORE = path.resolve(MODULES, '..');

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts')
      ? [{ file: path.relative(CORE, full), text: readFileSync(full, 'utf8') }]
      : [];
  });
}

describe('module boundaries', () => {
  const files = sources(MODULES);

  it('only the user module writes the users table', () => {
    const writers = files.filter(
      ({ file, text }) =>
        !file.startsWith('modules/user/') &&
        (/\.(update|insert|delete)\(users\)/.test(text) || /\b(update|insert\s+into|delete\s+from)\s+users\b/i.test(text)),
    );
    expect(writers.map((w) => w.file)).toEqual([]);
  });

  it('core takes user-facing texts from packages/domain, not from the bot package', () => {
    const importers = files.filter(({ text }) => /import\s*\{[^}]*Texts[^}]*\}\s*from\s*'@prism\/bot'/s.test(text));
    expect(importers.map((f) => f.file)).toEqual([]);
  });
});
