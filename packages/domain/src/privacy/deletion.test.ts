import { describe, expect, it } from 'vitest';
import { confirmsDeletion, type DeletionFacts, deletionBlockers, deletionRefusal } from './deletion';

const clear: DeletionFacts = {
  balances: { CASH: 0n, USDT: 0n },
  pendingWithdrawals: 0,
  pendingRecharges: 0,
  openBets: 0,
  activePowerHoldings: 0,
  followInvestOrders: 0,
  fixedDeposits: 0,
};

describe('account deletion', () => {
  it('goes ahead when nothing is held, on its way or staked', () => {
    expect(deletionBlockers(clear)).toEqual([]);
    expect(deletionRefusal(clear)).toBeNull();
  });

  it('names every coin with a balance, a single minor unit included', () => {
    const facts = { ...clear, balances: { USDT: 1n, CASH: 0n, GOLD: 250n } };
    expect(deletionBlockers(facts)).toEqual([{ reason: 'money_held', items: ['GOLD', 'USDT'] }]);
    expect(deletionRefusal(facts)).toBe('ACCOUNT_DELETE_MONEY_HELD');
  });

  it('lists every reason in order; the money held wins, then the money on its way, then the money staked', () => {
    const all = { ...clear, balances: { CASH: 5n }, pendingRecharges: 1, pendingWithdrawals: 2, openBets: 1, fixedDeposits: 1 };
    expect(deletionBlockers(all)).toEqual([
      { reason: 'money_held', items: ['CASH'] },
      { reason: 'money_in_flight', items: ['withdrawals', 'recharges'] },
      { reason: 'staked', items: ['bets', 'fixedDeposits'] },
    ]);
    expect(deletionRefusal(all)).toBe('ACCOUNT_DELETE_MONEY_HELD');
    expect(deletionRefusal({ ...all, balances: {} })).toBe('ACCOUNT_DELETE_MONEY_IN_FLIGHT');
    expect(deletionRefusal({ ...all, balances: {}, pendingRecharges: 0, pendingWithdrawals: 0 })).toBe('ACCOUNT_DELETE_STAKED');
  });

  it('counts each kind of stake', () => {
    for (const [field, item] of [
      ['openBets', 'bets'],
      ['activePowerHoldings', 'power'],
      ['followInvestOrders', 'followInvest'],
      ['fixedDeposits', 'fixedDeposits'],
    ] as const) {
      expect(deletionBlockers({ ...clear, [field]: 3 })).toEqual([{ reason: 'staked', items: [item] }]);
    }
  });

  it('takes the typed confirmation word whatever its case and the spaces around it, and nothing else', () => {
    expect(confirmsDeletion('DELETE')).toBe(true);
    expect(confirmsDeletion(' delete ')).toBe(true);
    expect(confirmsDeletion('DELET')).toBe(false);
    expect(confirmsDeletion('')).toBe(false);
    expect(confirmsDeletion('DELETE MY ACCOUNT')).toBe(false);
  });
});
