import type { Asset, WALLET_CURRENCIES } from '../constants';

export type WalletCurrency = (typeof WALLET_CURRENCIES)[number];

/** getConfig: every field of specification point 3 (spelling included), amounts as decimal strings. */
export interface WalletConfig {
  id: number;
  curreny: WalletCurrency;
  openRecharge: boolean;
  openWithdraw: boolean;
  chargeMinLimit: string;
  chargeMaxLimit: string;
  withdrawMinLimit: string;
  withdrawMaxLimit: string;
  withdrawLimitSingleDay: string;
  /** A fraction: "0.02" is 2 %. */
  withdrawFeeRate: string;
  autoAuditAmount: string;
  /** Bets needed per unit recharged before it can be withdrawn ("1" = once). */
  betLimitRechargeMultiple4Withdraw: string;
  startAndEndTime: string;
  /** Comma-separated 1 (Monday) to 7 (Sunday). */
  weekDays: string;
  timeZone: string;
  createDateTime: string;
  updateDateTime: string;
}

export interface ExchangeRate {
  fromCoin: Asset;
  toCoin: Asset;
  /** How many toCoin one fromCoin buys. */
  rate: string;
}

/**
 * Money the withdrawal turnover rule still holds in one coin, and the bets
 * still needed to free it (bets in CHIP, GOLD or POINT count for CASH, CHIP,
 * GOLD and POINT; bets in USDT for USDT). Exchanging it carries the lock along.
 */
export interface TurnoverLock {
  coin: Asset;
  locked: string;
  needed: string;
}

/**
 * The withdrawal page's breakdown of one balance (withdrawBreakdown in the domain): `withdrawable`
 * and `heldByTurnover` add up to `balance` exactly. `betsNeeded` frees the lock; `lockBeyondBalance`
 * is the part of the lock counted on money no longer in the balance (bet, or in power packages,
 * deposits, advisor orders): it holds money that arrives, rewards included, until bets free it.
 */
export interface WithdrawBreakdownView {
  currency: WalletCurrency;
  balance: string;
  withdrawable: string;
  heldByTurnover: string;
  betsNeeded: string;
  lockBeyondBalance: string;
}

export interface ExchangeResult {
  fromCoin: Asset;
  toCoin: Asset;
  amount: string;
  received: string;
  rate: string;
}

/** A line of the asset records: + money in, - money out. */
export interface AssetRecord {
  id: number;
  type: string;
  coin: Asset;
  amount: string;
  reference: string;
  createDateTime: string;
}

export interface SysMessage {
  id: number;
  kind: string;
  title: string;
  content: string;
  read: boolean;
  createDateTime: string;
}
