import { describe, expect, it } from 'vitest';
import { REASON_MAX_LENGTH, visibleReason } from './reason';

describe('visibleReason', () => {
  it('refuses reasons with nothing visible in them', () => {
    for (const blank of [undefined, null, '', '   ', '\t\n', '\u200b', ' \u00a0\u2003 ', '\u200d\ufeff']) {
      expect(visibleReason(blank)).toBeUndefined();
    }
  });

  it('trims and bounds a real reason', () => {
    expect(visibleReason('  Card holder name does not match \n')).toBe('Card holder name does not match');
    expect(visibleReason('x'.repeat(600))).toHaveLength(REASON_MAX_LENGTH);
  });
});
