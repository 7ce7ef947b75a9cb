import { permissionsOf } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { navFor, safeNext } from './nav';

describe('the navigation by role', () => {
  const labels = (role: Parameters<typeof permissionsOf>[0]) => navFor(permissionsOf(role)).map((item) => item.label);

  it('shows the owner everything, and each role only what its permissions open', () => {
    expect(labels('owner')).toEqual([
      'dashboard',
      'withdrawals',
      'approvals',
      'users',
      'support',
      'config',
      'operators',
      'audit',
      'account',
    ]);
    expect(labels('support')).not.toContain('operators');
    expect(labels('support')).not.toContain('approvals');
    expect(labels('support')).toContain('users');
    expect(labels('support')).toContain('support');
    expect(labels('finance')).not.toContain('support');
    expect(labels('finance')).toContain('withdrawals');
    expect(labels('finance')).toContain('approvals');
    expect(labels('finance')).not.toContain('operators');
    for (const role of ['finance', 'support', 'content', 'games'] as const) expect(labels(role)).toContain('account');
  });

  it('an operator with no permission sees only their account', () => {
    expect(navFor([]).map((item) => item.label)).toEqual(['account']);
  });
});

describe('where to go after signing in', () => {
  it('keeps a console path and refuses anything else', () => {
    expect(safeNext('/withdrawals/12?x=1')).toBe('/withdrawals/12?x=1');
    expect(safeNext(null)).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('/login')).toBe('/');
  });
});
