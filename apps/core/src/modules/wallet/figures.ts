import {
  ASSETS,
  type Asset,
  formatMoney,
  type TurnoverBook,
  type TurnoverLock,
  turnoverHold,
  WALLET_CURRENCIES,
  type WalletCurrency,
  type WithdrawBreakdownView,
  withdrawableOfBook,
  withdrawBreakdown,
} from '@prism/domain';
import { sql } from 'drizzle-orm';
import { jsonValue, type Scalar } from '../../db/scalars';
import { balancesJsonSql, creditTotalsJsonSql, turnoverBookJsonSql } from '../ledger';

/** The wallet part of User info, all from the ledger (decimal strings). */
export interface WalletFigures {
  cash: string;
  chip: string;
  gold: string;
  point: string;
  usdtBalance: string;
  /** USDT that has met the turnover rule (the page shows min(withdrawBalance, usdtBalance)). */
  withdrawBalance: string;
  cashWithdrawBalance: string;
  /** Why withdrawable is below the balance: what the turnover rule locks, per coin. */
  turnoverLocks: TurnoverLock[];
  /** The withdrawal page's breakdown, CASH then USDT: its parts add up to the balance. */
  withdrawBreakdown: WithdrawBreakdownView[];
  /** CASH available to exchange. */
  exchangeBalance: string;
  /** Totals credited by recharges, CASH and USDT (paid withdrawals are the withdraw module's figures). */
  recharge: string;
  usdtRecharge: string;
}

interface WalletRow {
  balances: Partial<Record<Asset, string>> | null;
  book: { currency: string; required: string; principal: string; done: string }[] | null;
  recharge: Partial<Record<Asset, string>> | null;
}

/**
 * The wallet part of getUserInfo's one statement: balances (ledger accounts), the turnover book
 * (the ledger's turnover rows, read as turnoverBook reads them), recharge totals (index-only on
 * ledger_transfers_recharge_to_idx). Money as text.
 */
export function walletScalar(userId: number): Scalar<WalletFigures> {
  return {
    sql: sql`select json_build_object(
        'balances', ${balancesJsonSql(userId)},
        'book', ${turnoverBookJsonSql(userId)},
        'recharge', ${creditTotalsJsonSql(userId, 'recharge')})`,
    read: (value) => toWalletFigures(jsonValue<WalletRow>(value)),
  };
}

function toWalletFigures(row: WalletRow): WalletFigures {
  const money = (map: Partial<Record<string, string>> | null, key: string) => BigInt(map?.[key] ?? '0');
  const balances = Object.fromEntries(ASSETS.map((asset) => [asset, money(row.balances, asset)])) as Record<Asset, bigint>;
  const book: TurnoverBook = {};
  for (const entry of row.book ?? []) {
    if ((ASSETS as readonly string[]).includes(entry.currency))
      book[entry.currency as Asset] = { required: BigInt(entry.required), principal: BigInt(entry.principal), done: BigInt(entry.done) };
  }
  return {
    cash: formatMoney(balances.CASH),
    chip: formatMoney(balances.CHIP),
    gold: formatMoney(balances.GOLD),
    point: formatMoney(balances.POINT),
    usdtBalance: formatMoney(balances.USDT),
    withdrawBalance: formatMoney(withdrawableOfBook(book, 'USDT', balances.USDT)),
    cashWithdrawBalance: formatMoney(withdrawableOfBook(book, 'CASH', balances.CASH)),
    turnoverLocks: ASSETS.map((coin) => ({ coin, ...turnoverHold(book, coin) }))
      .filter((hold) => hold.locked > 0n)
      .map((hold) => ({ coin: hold.coin, locked: formatMoney(hold.locked), needed: formatMoney(hold.needed) })),
    withdrawBreakdown: WALLET_CURRENCIES.map((currency) => breakdownView(book, currency, balances[currency])),
    exchangeBalance: formatMoney(balances.CASH),
    recharge: formatMoney(money(row.recharge, 'CASH')),
    usdtRecharge: formatMoney(money(row.recharge, 'USDT')),
  };
}

function breakdownView(book: TurnoverBook, currency: WalletCurrency, balance: bigint): WithdrawBreakdownView {
  const parts = withdrawBreakdown(book, currency, balance);
  return {
    currency,
    balance: formatMoney(parts.balance),
    withdrawable: formatMoney(parts.withdrawable),
    heldByTurnover: formatMoney(parts.heldByTurnover),
    betsNeeded: formatMoney(parts.betsNeeded),
    lockBeyondBalance: formatMoney(parts.lockBeyondBalance),
  };
}
