import { type Asset, formatMoney, type TurnoverLock, type UserInfo, type WalletCurrency, type WithdrawBreakdownView } from '@prism/domain';
import { minOf, toMinor } from './money';

type Balances = Pick<UserInfo, 'cash' | 'cashWithdrawBalance' | 'usdtBalance' | 'withdrawBalance'>;

/** The balance of a withdrawable currency, as the wire sends it. */
export function balanceOf(user: Balances, currency: WalletCurrency): string {
  return currency === 'CASH' ? user.cash : user.usdtBalance;
}

/** The balance of any coin a user holds, as the wire sends it (what a spend is paid from). */
export function coinBalanceOf(
  user: Pick<UserInfo, 'cash' | 'usdtBalance' | 'chip' | 'gold' | 'point'> | undefined,
  coin: Asset,
): string | undefined {
  if (!user) return undefined;
  return { CASH: user.cash, USDT: user.usdtBalance, CHIP: user.chip, GOLD: user.gold, POINT: user.point }[coin];
}

/**
 * The withdrawable amount the app shows: never more than the balance itself,
 * min(cashWithdrawBalance, cash) for CASH and min(withdrawBalance, usdtBalance) for USDT.
 */
export function withdrawableOf(user: Balances, currency: WalletCurrency): string {
  const minor = currency === 'CASH' ? minOf(user.cashWithdrawBalance, user.cash) : minOf(user.withdrawBalance, user.usdtBalance);
  return formatMoney(minor);
}

/** What the turnover rule still locks in `coin` (and the bets that would free it), if anything. */
export function turnoverLockOf(user: Pick<UserInfo, 'turnoverLocks'>, coin: Asset): TurnoverLock | undefined {
  return user.turnoverLocks?.find((lock) => lock.coin === coin && toMinor(lock.locked) > 0n);
}

/**
 * The withdrawal page's breakdown of `currency`, as the server computed it (its parts add up to the
 * balance). Without it (an answer cached from before): the balance and its withdrawable part.
 */
export function breakdownOf(user: Balances & Pick<UserInfo, 'withdrawBreakdown'>, currency: WalletCurrency): WithdrawBreakdownView {
  const sent = user.withdrawBreakdown?.find((parts) => parts.currency === currency);
  if (sent) return sent;
  const balance = balanceOf(user, currency);
  const withdrawable = withdrawableOf(user, currency);
  const held = formatMoney(toMinor(balance) - toMinor(withdrawable));
  return { currency, balance, withdrawable, heldByTurnover: held, betsNeeded: '0.00', lockBeyondBalance: '0.00' };
}
