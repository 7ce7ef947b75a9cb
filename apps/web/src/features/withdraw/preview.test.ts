import { ApiError } from '@prism/client';
import { describe, expect, it } from 'vitest';
import { checkAmount, feeBpsOf, feePercentOf, feePreview, withdrawFieldOf } from './preview';
import { openDaysOf } from './rules';

describe('fee preview', () => {
  it('reads the fee rate as a fraction', () => {
    expect(feeBpsOf('0.02')).toBe(200);
    expect(feeBpsOf('0.015')).toBe(150);
    expect(feeBpsOf('0')).toBe(0);
    expect(feeBpsOf('2')).toBeUndefined();
    expect(feeBpsOf('x')).toBeUndefined();
    expect(feePercentOf('0.02')).toBe('2');
    expect(feePercentOf('0.015')).toBe('1.5');
  });
  it('computes fee and "you receive" with the domain rule (truncating)', () => {
    expect(feePreview('1000', '0.02')).toEqual({ fee: '20.00', receive: '980.00' });
    expect(feePreview('1.49', '0.01')).toEqual({ fee: '0.01', receive: '1.48' });
    expect(feePreview('', '0.02')).toBeUndefined();
    expect(feePreview('12.345', '0.02')).toBeUndefined();
  });
});

describe('checkAmount', () => {
  const config = { withdrawMinLimit: '200.00', withdrawMaxLimit: '50000.00' };
  it('passes a good amount', () => {
    expect(checkAmount('1000', config, '2000.00', '2000.00')).toEqual({ value: 100_000n });
  });
  it.each([
    ['', 'AMOUNT_REQUIRED'],
    ['1.234', 'AMOUNT_FORMAT'],
    ['0', 'AMOUNT_POSITIVE'],
    ['199.99', 'WITHDRAW_BELOW_MIN'],
    ['50000.01', 'WITHDRAW_ABOVE_MAX'],
    ['2000.01', 'INSUFFICIENT_BALANCE'],
  ])('%s -> %s', (amount, error) => {
    expect(checkAmount(amount, config, '2000.00', '2000.00')).toEqual({ error });
  });
  it('refuses more than the withdrawable part', () => {
    expect(checkAmount('1500', config, '2000.00', '1000.00')).toEqual({ error: 'INSUFFICIENT_WITHDRAWABLE' });
  });
});

describe('server refusals under their fields', () => {
  it('maps codes to fields, the rest to a toast', () => {
    expect(withdrawFieldOf(new ApiError(10005, 'Withdrawal verification code is incorrect', 'business'))).toBe('code');
    expect(withdrawFieldOf(new ApiError(10026, 'The payment password is incorrect', 'business'))).toBe('assetPassword');
    expect(withdrawFieldOf(new ApiError(10014, 'Cannot be less than the minimum withdrawal amount', 'business'))).toBe('amount');
    expect(withdrawFieldOf(new ApiError(10003, 'Please add the address first', 'business'))).toBe('destination');
    expect(withdrawFieldOf(new ApiError(10017, 'Withdrawals are only available during the published hours', 'business'))).toBeUndefined();
    expect(withdrawFieldOf(new ApiError(5, 'net error', 'transport'))).toBeUndefined();
  });
});

describe('open days', () => {
  it('names the days unless it is every day', () => {
    expect(openDaysOf('1,2,3,4,5,6,7', 'en-US')).toBeUndefined();
    expect(openDaysOf('1,2,3,4,5', 'en-US')).toBe('Mon, Tue, Wed, Thu, Fri');
    expect(openDaysOf('7', 'en-US')).toBe('Sun');
  });
});
