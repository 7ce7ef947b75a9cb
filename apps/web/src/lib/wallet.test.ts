import { describe, expect, it } from 'vitest';
import { balanceOf, breakdownOf, turnoverLockOf, withdrawableOf } from './wallet';

const user = { cash: '2000.00', cashWithdrawBalance: '2500.00', usdtBalance: '10.00', withdrawBalance: '4.50' };

describe('withdrawable shown', () => {
  it('is the smaller of the withdrawable figure and the balance', () => {
    expect(withdrawableOf(user, 'CASH')).toBe('2000.00');
    expect(withdrawableOf(user, 'USDT')).toBe('4.50');
    expect(withdrawableOf({ ...user, cashWithdrawBalance: '0.00' }, 'CASH')).toBe('0.00');
  });
  it('treats malformed figures as zero', () => {
    expect(withdrawableOf({ ...user, withdrawBalance: '' }, 'USDT')).toBe('0.00');
  });
  it('reads the balance of each currency', () => {
    expect(balanceOf(user, 'CASH')).toBe('2000.00');
    expect(balanceOf(user, 'USDT')).toBe('10.00');
  });
});

describe('turnover lock shown', () => {
  it('is the lock of the coin asked for, when there is one', () => {
    const turnoverLocks = [{ coin: 'CASH' as const, locked: '1000.00', needed: '1500.00' }];
    expect(turnoverLockOf({ turnoverLocks }, 'CASH')).toEqual(turnoverLocks[0]);
    expect(turnoverLockOf({ turnoverLocks }, 'USDT')).toBeUndefined();
    expect(turnoverLockOf({ turnoverLocks: [{ coin: 'USDT', locked: '0.00', needed: '0.00' }] }, 'USDT')).toBeUndefined();
  });
});

describe('withdrawal breakdown shown', () => {
  it("is the server's own, as sent", () => {
    const cash = {
      currency: 'CASH' as const,
      balance: '4080.10',
      withdrawable: '0.00',
      heldByTurnover: '4080.10',
      betsNeeded: '8600.20',
      lockBeyondBalance: '220.00',
    };
    expect(breakdownOf({ ...user, withdrawBreakdown: [cash] }, 'CASH')).toBe(cash);
  });
  it('without it (an answer cached from before), still adds up to the balance', () => {
    expect(breakdownOf({ ...user, withdrawBreakdown: undefined as never }, 'USDT')).toEqual({
      currency: 'USDT',
      balance: '10.00',
      withdrawable: '4.50',
      heldByTurnover: '5.50',
      betsNeeded: '0.00',
      lockBeyondBalance: '0.00',
    });
  });
});
