import { describe, expect, it } from 'vitest';
import { auditDiff, auditQuery } from './diff';

describe('the audit diff', () => {
  it('lists only what changed, added or removed', () => {
    expect(auditDiff({ name: 'Red', minutes: 1, odds: [1, 2] }, { name: 'Blue', minutes: 1, odds: [1, 3], open: true })).toEqual([
      { field: 'name', before: 'Red', after: 'Blue', kind: 'changed' },
      { field: 'odds', before: '[1,2]', after: '[1,3]', kind: 'changed' },
      { field: 'open', before: undefined, after: 'true', kind: 'added' },
    ]);
    expect(auditDiff({ token: 'x' }, null)).toEqual([{ field: 'token', before: 'x', after: undefined, kind: 'removed' }]);
  });

  it('a creation has only after, and plain values compare as one', () => {
    expect(auditDiff(null, { login: 'ann', role: 'finance' }).map((change) => change.kind)).toEqual(['added', 'added']);
    expect(auditDiff('1.00', '2.00')).toEqual([{ field: 'value', before: '1.00', after: '2.00', kind: 'changed' }]);
    expect(auditDiff(undefined, undefined)).toEqual([]);
  });
});

describe('the audit query', () => {
  it('leaves out empty filters and makes whole days of dates', () => {
    expect(auditQuery({ operator: ' ann ', action: '', from: '2026-11-01', to: '2026-11-27', targetId: '12' })).toEqual({
      operator: 'ann',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-27T23:59:59.999Z',
      targetId: '12',
    });
  });
});
