import { isApiError } from '@prism/client';
import {
  checkWithdrawAmount,
  type ErrorKey,
  errorCatalogue,
  formatMoney,
  type MessageKey,
  type Money,
  type WalletConfig,
  withdrawFee,
} from '@prism/domain';
import { parseAmountInput, toMinor } from '../../lib/money';

/** A fee rate as getConfig sends it ("0.02" is 2 %) in basis points; undefined when unreadable. */
export function feeBpsOf(rate: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(rate.trim());
  if (!match) return undefined;
  const bps = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return bps <= 10_000 ? bps : undefined;
}

/** "0.02" -> "2", "0.015" -> "1.5": the fee as a percentage, for the published rules. */
export function feePercentOf(rate: string): string {
  const bps = feeBpsOf(rate) ?? 0;
  return (bps / 100).toFixed(2).replace(/\.?0+$/, '');
}

/** What the user would pay and receive for the typed amount, before confirming (the domain's own rounding). */
export function feePreview(amountText: string, rate: string): { fee: string; receive: string } | undefined {
  const parsed = parseAmountInput(amountText);
  const bps = feeBpsOf(rate);
  if (!parsed.ok || bps === undefined) return undefined;
  const { fee, receive } = withdrawFee(parsed.value, bps);
  return { fee: formatMoney(fee), receive: formatMoney(receive) };
}

/**
 * The amount checks the app can make before asking the server (which checks
 * again, with the hours and the daily cap): format, then the domain's amount rules
 * (checkWithdrawAmount: minimum, maximum, balance, withdrawable part).
 */
export function checkAmount(
  amountText: string,
  config: Pick<WalletConfig, 'withdrawMinLimit' | 'withdrawMaxLimit'>,
  balance: string,
  withdrawable: string,
): { value: Money } | { error: MessageKey } {
  const parsed = parseAmountInput(amountText);
  if (!parsed.ok) return { error: parsed.error };
  const amount = parsed.value;
  const limits = { withdrawMinLimit: toMinor(config.withdrawMinLimit), withdrawMaxLimit: toMinor(config.withdrawMaxLimit) };
  const refusal = checkWithdrawAmount(amount, limits, { balance: toMinor(balance), withdrawable: toMinor(withdrawable) });
  return refusal ? { error: refusal } : { value: amount };
}

export type WithdrawField = 'amount' | 'assetPassword' | 'code' | 'destination';

const FIELD_OF: Partial<Record<ErrorKey, WithdrawField>> = {
  WITHDRAW_BELOW_MIN: 'amount',
  WITHDRAW_ABOVE_MAX: 'amount',
  INSUFFICIENT_BALANCE: 'amount',
  INSUFFICIENT_WITHDRAWABLE: 'amount',
  WITHDRAW_DAILY_LIMIT: 'amount',
  ASSET_PASSWORD_WRONG: 'assetPassword',
  ASSET_PASSWORD_NOT_SET: 'assetPassword',
  ASSET_PASSWORD_LOCKED: 'assetPassword',
  WITHDRAW_CODE_INCORRECT: 'code',
  CODE_INCORRECT: 'code',
  CODE_EXPIRED: 'code',
  CODE_LOCKED: 'code',
  BANK_CARD_REQUIRED: 'destination',
  ADD_ADDRESS_FIRST: 'destination',
};

const FIELD_BY_CODE = new Map<number, WithdrawField>(
  (Object.entries(FIELD_OF) as [ErrorKey, WithdrawField][]).map(([key, field]) => [errorCatalogue[key].code, field]),
);

/** Which field a refusal of the server belongs under (its message is already translated); undefined: a toast. */
export function withdrawFieldOf(error: unknown): WithdrawField | undefined {
  return isApiError(error) && error.kind === 'business' ? FIELD_BY_CODE.get(error.code) : undefined;
}
