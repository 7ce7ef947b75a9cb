import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, PERMISSIONS, permissionsOf, roleCan } from './roles';

describe('operator roles', () => {
  it('gives the owner every permission', () => {
    expect(permissionsOf('owner')).toEqual([...PERMISSIONS]);
  });

  it('keeps operator management and the audit log with the owner alone', () => {
    for (const role of OPERATOR_ROLES.filter((r) => r !== 'owner')) {
      expect(roleCan(role, 'operators.manage')).toBe(false);
      expect(roleCan(role, 'audit.read')).toBe(false);
    }
  });

  it('lets only finance (and the owner) move money or see payout details', () => {
    for (const permission of ['withdrawals.review', 'withdrawals.payoutDetails', 'balances.adjust', 'deposits.manage'] as const)
      expect(OPERATOR_ROLES.filter((role) => roleCan(role, permission))).toEqual(['owner', 'finance']);
  });

  it('gives support read-only sight of withdrawals, not their review', () => {
    expect(roleCan('support', 'withdrawals.read')).toBe(true);
    expect(roleCan('support', 'withdrawals.review')).toBe(false);
  });
});
