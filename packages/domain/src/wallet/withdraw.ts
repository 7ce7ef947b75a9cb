import type { ErrorKey } from '../errors';
import { applyBasisPoints, type Money } from '../money';
import { isWithinWindow, type OpeningWindow } from './window';

/** The limits of one currency's withdrawals, in minor units and basis points. */
export interface WithdrawLimits extends OpeningWindow {
  openWithdraw: boolean;
  withdrawMinLimit: Money;
  withdrawMaxLimit: Money;
  withdrawLimitSingleDay: Money;
  withdrawFeeBps: number;
}

export interface WithdrawRequest {
  amount: Money;
  balance: Money;
  /** The part of the balance that has met the turnover rule. */
  withdrawable: Money;
  /** Already requested today (in the window's time zone), not counting rejected ones. */
  withdrawnToday: Money;
  now: Date;
}

/** The first rule a withdrawal breaks (specification point 5), or null. */
export function checkWithdrawal(limits: WithdrawLimits, request: WithdrawRequest): ErrorKey | null {
  if (!limits.openWithdraw) return 'WITHDRAW_CLOSED';
  if (!isWithinWindow(request.now, limits)) return 'WITHDRAW_OUTSIDE_WINDOW';
  if (request.amount < limits.withdrawMinLimit) return 'WITHDRAW_BELOW_MIN';
  if (request.amount > limits.withdrawMaxLimit) return 'WITHDRAW_ABOVE_MAX';
  if (request.amount > request.balance) return 'INSUFFICIENT_BALANCE';
  if (request.amount > request.withdrawable) return 'INSUFFICIENT_WITHDRAWABLE';
  if (request.withdrawnToday + request.amount > limits.withdrawLimitSingleDay) return 'WITHDRAW_DAILY_LIMIT';
  return null;
}

/** The fee comes out of the amount: the user's balance goes down by `amount`, they receive `receive`. */
export function withdrawFee(amount: Money, feeBps: number): { fee: Money; receive: Money } {
  const fee = applyBasisPoints(amount, feeBps);
  return { fee, receive: amount - fee };
}
