import { describe, expect, it } from 'vitest';
import { exceptionStage } from './api';

describe('a money exception row', () => {
  it('offers a decision while open, a second approval to others once a credit is asked, nothing when settled', () => {
    expect(exceptionStage({ status: 'open' }, 'ann')).toBe('decide');
    expect(exceptionStage({ status: 'awaitingApproval', requestedBy: 'bob' }, 'ann')).toBe('approve');
    expect(exceptionStage({ status: 'awaitingApproval', requestedBy: 'ann' }, 'ann')).toBe('mine');
    expect(exceptionStage({ status: 'credited' }, 'ann')).toBe('settled');
    expect(exceptionStage({ status: 'refunded' }, 'ann')).toBe('settled');
  });
});
