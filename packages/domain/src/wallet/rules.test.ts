import { describe, expect, it } from 'vitest';
import { isIfsc, maskAccountNumber, normaliseAccountNumber } from './bank';
import { convert, formatRate, parseRate } from './exchange';
import { afterRecharge, lockedPrincipal, withdrawableBalance } from './turnover';
import { isWithinWindow, localClock, parseTimeRange, parseWeekDays } from './window';
import { checkWithdrawal, type WithdrawLimits, withdrawFee } from './withdraw';

const london = { startAndEndTime: '08:00-17:00', weekDays: '1,2,3,4,5,6,7', timeZone: 'Europe/London' };

describe('withdrawal window', () => {
  it('uses UK local time, across summer time', () => {
    // 2026-07-01 is BST (UTC+1): 07:30 UTC is 08:30 in London.
    expect(isWithinWindow(new Date('2026-07-01T07:30:00Z'), london)).toBe(true);
    expect(isWithinWindow(new Date('2026-07-01T06:59:00Z'), london)).toBe(false);
    expect(isWithinWindow(new Date('2026-07-01T15:59:00Z'), london)).toBe(true);
    expect(isWithinWindow(new Date('2026-07-01T16:00:00Z'), london)).toBe(false);
    // 2026-12-01 is GMT: 08:00 UTC is 08:00 in London; 17:00 closes.
    expect(isWithinWindow(new Date('2026-12-01T08:00:00Z'), london)).toBe(true);
    expect(isWithinWindow(new Date('2026-12-01T17:00:00Z'), london)).toBe(false);
  });
  it('honours the open days (1 = Monday, 7 = Sunday)', () => {
    const weekdays = { ...london, weekDays: '1,2,3,4,5' };
    expect(localClock(new Date('2026-11-22T10:00:00Z'), 'Europe/London').weekDay).toBe(7);
    expect(isWithinWindow(new Date('2026-11-22T10:00:00Z'), weekdays)).toBe(false);
    expect(isWithinWindow(new Date('2026-11-23T10:00:00Z'), weekdays)).toBe(true);
  });
  it('wraps overnight windows into the next day', () => {
    const night = { startAndEndTime: '22:00-02:00', weekDays: '5', timeZone: 'UTC' };
    expect(isWithinWindow(new Date('2026-11-20T23:00:00Z'), night)).toBe(true); // Friday 23:00
    expect(isWithinWindow(new Date('2026-11-21T01:00:00Z'), night)).toBe(true); // Saturday 01:00, Friday's window
    expect(isWithinWindow(new Date('2026-11-21T03:00:00Z'), night)).toBe(false);
  });
  it('refuses malformed settings (closed rather than open)', () => {
    expect(parseTimeRange('8-17')).toBeUndefined();
    expect(parseWeekDays('0,8')).toBeUndefined();
    expect(isWithinWindow(new Date(), { ...london, weekDays: 'x' })).toBe(false);
  });
});

describe('withdrawal checks', () => {
  const limits: WithdrawLimits = {
    ...london,
    timeZone: 'UTC',
    startAndEndTime: '00:00-24:00',
    openWithdraw: true,
    withdrawMinLimit: 10_000n,
    withdrawMaxLimit: 500_000n,
    withdrawLimitSingleDay: 1_000_000n,
    withdrawFeeBps: 200,
  };
  const ok = { amount: 20_000n, balance: 100_000n, withdrawable: 100_000n, withdrawnToday: 0n, now: new Date('2026-11-22T12:00:00Z') };
  it.each([
    ['a good request', {}, null],
    ['below the minimum', { amount: 9_999n }, 'WITHDRAW_BELOW_MIN'],
    ['above the maximum', { amount: 500_001n, balance: 900_000n, withdrawable: 900_000n }, 'WITHDRAW_ABOVE_MAX'],
    ['more than the balance', { amount: 100_001n }, 'INSUFFICIENT_BALANCE'],
    ['more than the withdrawable part', { withdrawable: 19_999n }, 'INSUFFICIENT_WITHDRAWABLE'],
    ['over the daily cap', { withdrawnToday: 980_001n }, 'WITHDRAW_DAILY_LIMIT'],
  ])('%s -> %s', (_name, change, expected) => {
    expect(checkWithdrawal(limits, { ...ok, ...change })).toBe(expected);
  });
  it('closed and out-of-hours come first', () => {
    expect(checkWithdrawal({ ...limits, openWithdraw: false }, ok)).toBe('WITHDRAW_CLOSED');
    expect(checkWithdrawal({ ...limits, startAndEndTime: '08:00-09:00' }, ok)).toBe('WITHDRAW_OUTSIDE_WINDOW');
  });
  it('takes the fee out of the amount, truncating', () => {
    expect(withdrawFee(100_000n, 200)).toEqual({ fee: 2_000n, receive: 98_000n });
    expect(withdrawFee(149n, 100)).toEqual({ fee: 1n, receive: 148n });
    expect(withdrawFee(10_000n, 0)).toEqual({ fee: 0n, receive: 10_000n });
  });
});

describe('turnover rule', () => {
  it('locks the recharged principal until its turnover is bet', () => {
    const state = afterRecharge({ required: 0n, principal: 0n, done: 0n }, 100_000n, 20_000); // 2x
    expect(state).toEqual({ required: 200_000n, principal: 100_000n, done: 0n });
    expect(lockedPrincipal(state)).toBe(100_000n);
    expect(lockedPrincipal({ ...state, done: 100_000n })).toBe(50_000n);
    expect(lockedPrincipal({ ...state, done: 200_000n })).toBe(0n);
    expect(withdrawableBalance(130_000n, { ...state, done: 100_000n })).toBe(80_000n);
    expect(withdrawableBalance(30_000n, state)).toBe(0n);
  });
  it('a met requirement is settled before a new recharge adds one', () => {
    const met = { required: 100_000n, principal: 100_000n, done: 250_000n };
    expect(afterRecharge(met, 50_000n, 10_000)).toEqual({ required: 50_000n, principal: 50_000n, done: 0n });
  });
  it('multiple 0 locks nothing', () => {
    expect(lockedPrincipal(afterRecharge({ required: 0n, principal: 0n, done: 0n }, 100_000n, 0))).toBe(0n);
  });
});

describe('bank and exchange helpers', () => {
  it('validates IFSC and account numbers', () => {
    expect(isIfsc('SBIN0001234')).toBe(true);
    expect(isIfsc('sbin0001234')).toBe(true);
    expect(isIfsc('SBIN1001234')).toBe(false);
    expect(isIfsc('SBI00001234')).toBe(false);
    expect(normaliseAccountNumber('1234 5678 9012')).toBe('123456789012');
    expect(normaliseAccountNumber('12345678')).toBeUndefined();
    expect(normaliseAccountNumber('12345678901234567890')).toBeUndefined();
    expect(maskAccountNumber('123456789012')).toBe('••••9012');
  });
  it('parses rates with 8 decimals and converts rounding down', () => {
    expect(parseRate('1')).toBe(100_000_000n);
    expect(parseRate('0.01176471')).toBe(1_176_471n);
    expect(parseRate('0')).toBeUndefined();
    expect(parseRate('1.123456789')).toBeUndefined();
    expect(formatRate(1_176_471n)).toBe('0.01176471');
    expect(formatRate(8_500_000_000n)).toBe('85');
    expect(convert(100_000n, parseRate('0.01176471') as bigint)).toBe(1_176n);
    expect(convert(1_000n, parseRate('85') as bigint)).toBe(85_000n);
  });
});
