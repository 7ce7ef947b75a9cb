import { describe, expect, it } from 'vitest';
import { resolveTheme } from './theme';

describe('resolveTheme', () => {
  it('is dark by default', () => {
    expect(resolveTheme(null, undefined)).toBe('dark');
  });
  it("follows Telegram's colour scheme inside Telegram", () => {
    expect(resolveTheme(null, false)).toBe('light');
    expect(resolveTheme(null, true)).toBe('dark');
  });
  it("keeps the user's own choice", () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('blue', undefined)).toBe('dark');
  });
});
