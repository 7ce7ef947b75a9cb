import { ASSETS, type Asset, formatMoney, type TurnoverLock, turnoverHold, withdrawableOfBook } from '@prism/domain';
import { eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { balancesOf } from '../ledger/ledger';
import { turnoverBook } from '../ledger/turnover';
import { userWallets } from '../withdraw/schema';

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
  /** CASH available to exchange. */
  exchangeBalance: string;
  /** Totals credited by recharges and paid out by withdrawals, CASH and USDT. */
  recharge: string;
  withdraw: string;
  usdtRecharge: string;
  usdtWithdraw: string;
  walletTrc: string;
  walletErc: string;
  walletBep: string;
  address: string;
}

export async function walletFigures(db: Executor, userId: number): Promise<WalletFigures> {
  const balances = await balancesOf(db, userId);
  const book = await turnoverBook(db, userId);
  const totals = await queryRows<{ asset: Asset; type: string; total: string }>(
    db,
    sql`select t.asset, 'recharge' as type, sum(t.amount)::text as total
        from ledger_transfers t join ledger_accounts a on a.id = t.to_account_id
        where a.user_id = ${userId} and t.type = 'recharge'
        group by t.asset
        union all
        select currency, 'withdraw', sum(amount)::text from withdrawals
        where user_id = ${userId} and status = 'paid'
        group by currency`,
  );
  const total = (asset: Asset, type: string) => BigInt(totals.find((row) => row.asset === asset && row.type === type)?.total ?? '0');
  const wallets = await db.select().from(userWallets).where(eq(userWallets.userId, userId));
  const wallet = (network: string) => wallets.find((w) => w.network === network)?.address ?? '';
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
    exchangeBalance: formatMoney(balances.CASH),
    recharge: formatMoney(total('CASH', 'recharge')),
    withdraw: formatMoney(total('CASH', 'withdraw')),
    usdtRecharge: formatMoney(total('USDT', 'recharge')),
    usdtWithdraw: formatMoney(total('USDT', 'withdraw')),
    walletTrc: wallet('TRC20'),
    walletErc: wallet('ERC20'),
    walletBep: wallet('BEP20'),
    address: wallet('TON'),
  };
}
