import { describe, expect, it } from 'vitest';
import { en } from './en';

/** Every console source file's text (tests left out). */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

function lookup(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), en);
}

describe("the console's English strings", () => {
  it('hold every key the console asks for (template keys: their prefix)', () => {
    const missing: string[] = [];
    let used = 0;
    for (const [file, text] of Object.entries(sources)) {
      used += text.match(/\bt\('/g)?.length ?? 0;
      for (const match of text.matchAll(/\bt\('([\w.]+)'/g))
        if (typeof lookup(match[1] as string) !== 'string') missing.push(`${file}: ${match[1]}`);
      for (const match of text.matchAll(/\bt\(`([\w.]+)\.\$\{/g))
        if (typeof lookup(match[1] as string) !== 'object') missing.push(`${file}: ${match[1]}.*`);
    }
    expect(used).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
