import { LOCALES } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { enUS } from './locales/en-US';
import { loadAppStrings, loadResources, loadShellStrings } from './resources';

/** Every key path of a nested string table ("auth.login", ...). */
function keys(table: object, prefix = ''): string[] {
  return Object.entries(table).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('UI strings', () => {
  it.each(LOCALES)('%s is complete and has no empty string', async (locale) => {
    const ui = await loadResources(locale);
    expect(keys(ui).sort()).toEqual(keys(await loadResources('en-US')).sort());
    for (const path of keys(ui)) {
      const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ui);
      expect(value, `${locale} ${path}`).not.toBe('');
    }
  });

  it('keeps the shell and the page strings apart, each section in one of them', async () => {
    const [shell, app] = await Promise.all([loadShellStrings('en-US'), loadAppStrings('en-US')]);
    expect(Object.keys(shell).filter((section) => section in app)).toEqual([]);
    // The login page and the bars show only shell strings; the other pages' sections load later.
    expect(Object.keys(shell).sort()).toEqual(['auth', 'common', 'nav', 'titles', 'topBar']);
  });

  it("has the specification's English wording", () => {
    expect(enUS.common.notAvailable).toBe('Not available yet');
    expect(enUS.common.copySuccess).toBe('Copy successful');
    expect(enUS.common.updated).toBe('Updated Successfully');
    expect(enUS.common.noMoreData).toBe('no more data');
    expect(enUS.common.netError).toBe('net error');
  });
});
