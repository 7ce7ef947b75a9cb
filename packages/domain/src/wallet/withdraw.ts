import type { ErrorKey } from '../errorCatalogue';
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

export type WithdrawAmountRefusal = 'WITHDRAW_BELOW_MIN' | 'WITHDRAW_ABOVE_MAX' | 'INSUFFICIENT_BALANCE' | 'INSUFFICIENT_WITHDRAWABLE';

/**
 * The amount's own rules: within the currency's minimum and maximum, covered by the balance and by
 * its withdrawable part. The one statement of them: checkWithdrawal applies them on the server, the
 * web's withdrawal form previews with them.
 */
export function checkWithdrawAmount(
  amount: Money,
  limits: Pick<WithdrawLimits, 'withdrawMinLimit' | 'withdrawMaxLimit'>,
  holdings: Pick<WithdrawRequest, 'balance' | 'withdrawable'>,
): WithdrawAmountRefusal | null {
  if (amount < limits.withdrawMinLimit) return 'WITHDRAW_BELOW_MIN';
  if (amount > limits.withdrawMaxLimit) return 'WITHDRAW_ABOVE_MAX';
  if (amount > holdings.balance) return 'INSUFFICIENT_BALANCE';
  if (amount > holdings.withdrawable) return 'INSUFFICIENT_WITHDRAWABLE';
  return null;
}

/** The first rule a withdrawal breaks (specification point 5), or null. */
export function checkWithdrawal(limits: WithdrawLimits, request: WithdrawRequest): ErrorKey | null {
  if (!limits.openWithdraw) return 'WITHDRAW_CLOSED';
  if (!isWithinWindow(request.now, limits)) return 'WITHDRAW_OUTSIDE_WINDOW';
  const amountRefusal = checkWithdrawAmount(request.amount, limits, request);
  if (amountRefusal) return amountRefusal;
  if (request.withdrawnToday + request.amount > limits.withdrawLimitSingleDay) return 'WITHDRAW_DAILY_LIMIT';
  return null;
}

/** The fee comes out of the amount: the user's balance goes down by `amount`, they receive `receive`. */
export function withdrawFee(amount: Money, feeBps: number): { fee: Money; receive: Money } {
  const fee = applyBasisPoints(amount, feeBps);
  return { fee, receive: amount - fee };
}
