import { describe, expect, it } from 'vitest';
import { AppError } from '../appError';
import { assertFreshForm, isStaleForm } from './staleForm';

const at = new Date('2026-11-27T10:00:00.123Z');

describe('stale form rule', () => {
  it('never refuses a form without a stamp (the CLI writes unconditionally)', () => {
    expect(isStaleForm(undefined, at)).toBe(false);
    expect(isStaleForm('', at)).toBe(false);
    expect(isStaleForm(undefined, undefined)).toBe(false);
  });

  it('accepts the stamp the row still has, however it is written', () => {
    expect(isStaleForm('2026-11-27T10:00:00.123Z', at)).toBe(false);
    expect(isStaleForm('2026-11-27T11:00:00.123+01:00', at)).toBe(false);
    expect(isStaleForm('2026-11-27T10:00:00.123Z', '2026-11-27T10:00:00.123Z')).toBe(false);
  });

  it('refuses a stamp the row has moved past, or a row that is gone', () => {
    expect(isStaleForm('2026-11-27T10:00:00.122Z', at)).toBe(true);
    expect(isStaleForm('2026-11-27T10:00:00.123Z', null)).toBe(true);
    expect(() => assertFreshForm('2026-11-27T09:00:00Z', at)).toThrow(new AppError('STALE_FORM'));
  });

  it('compares version numbers as numbers', () => {
    expect(isStaleForm(3, 3)).toBe(false);
    expect(isStaleForm('3', 3)).toBe(false);
    expect(isStaleForm(3, 4)).toBe(true);
  });

  it('names the field when the stamp is not a timestamp', () => {
    for (const bad of ['yesterday', 'May 5', '2026-11-27', 'NaN']) {
      try {
        isStaleForm(bad, at);
        expect.unreachable();
      } catch (error) {
        expect((error as AppError).fields).toEqual({ expectedUpdatedAt: 'FIELD_INVALID' });
      }
    }
  });
});
