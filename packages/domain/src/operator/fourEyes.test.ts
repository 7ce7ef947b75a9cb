import { describe, expect, it } from 'vitest';
import { adjustmentProblems, decisionRefusal, needsSecondApproval, sameOperator } from './fourEyes';

describe('four eyes', () => {
  it('tells operators apart by id, and accountless principals (id 0) by login', () => {
    expect(sameOperator({ id: 3, login: 'ann' }, { id: 3, login: 'ann-renamed' })).toBe(true);
    expect(sameOperator({ id: 3, login: 'ann' }, { id: 4, login: 'ann' })).toBe(false);
    expect(sameOperator({ id: 0, login: 'ops-token' }, { id: 0, login: 'ops-token' })).toBe(true);
    expect(sameOperator({ id: 0, login: 'bot:1' }, { id: 0, login: 'bot:2' })).toBe(false);
    expect(sameOperator({ id: 0, login: 'x' }, { id: 5, login: 'x' })).toBe(false);
  });

  it('refuses the requester as the approver', () => {
    expect(decisionRefusal({ id: 1, login: 'a' }, { id: 1, login: 'a' })).toBe('FOUR_EYES_SELF');
    expect(decisionRefusal({ id: 1, login: 'a' }, { id: 2, login: 'b' })).toBeUndefined();
  });

  it('checks an adjustment: amount > 0, coin, direction, reason', () => {
    expect(adjustmentProblems({ coin: 'CASH', direction: 'credit', amount: 1n, reason: 'goodwill' })).toEqual({});
    expect(adjustmentProblems({ coin: 'EUR', direction: 'up', amount: 0n, reason: '  ' })).toEqual({
      coin: 'FIELD_INVALID',
      direction: 'FIELD_INVALID',
      amount: 'AMOUNT_POSITIVE',
      reason: 'REASON_REQUIRED',
    });
    expect(adjustmentProblems({ coin: 'USDT', direction: 'debit', amount: -5n, reason: 'x' })).toEqual({ amount: 'AMOUNT_POSITIVE' });
  });

  it('asks a second approval only above a set amount (0 = never)', () => {
    expect(needsSecondApproval(1_000_000n, 0n)).toBe(false);
    expect(needsSecondApproval(500n, 500n)).toBe(false);
    expect(needsSecondApproval(501n, 500n)).toBe(true);
  });
});
