import { LOCALES } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { enUS } from './locales/en-US';
import { loadResources } from './resources';

/** Every key path of a nested string table ("auth.login", ...). */
function keys(table: object, prefix = ''): string[] {
  return Object.entries(table).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('UI strings', () => {
  it.each(LOCALES)('%s is complete and has no empty string', async (locale) => {
    const ui = await loadResources(locale);
    expect(keys(ui).sort()).toEqual(keys(enUS).sort());
    for (const path of keys(ui)) {
      const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ui);
      expect(value, `${locale} ${path}`).not.toBe('');
    }
  });

  it("has the specification's English wording", () => {
    expect(enUS.common.notAvailable).toBe('Not available yet');
    expect(enUS.common.copySuccess).toBe('Copy successful');
    expect(enUS.common.updated).toBe('Updated Successfully');
    expect(enUS.common.noMoreData).toBe('no more data');
    expect(enUS.common.netError).toBe('net error');
  });
});
