import { formatMoney } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { jsonValue, type Scalar } from '../../db/scalars';
import type { WithdrawFigures } from '../user';

interface WithdrawRow {
  paid: Partial<Record<string, string>> | null;
  wallets: Partial<Record<string, string>> | null;
}

/** One scalar of getUserInfo's one statement: what this module's tables say about the user (index on user_id). */
export function withdrawFiguresScalar(userId: number): Scalar<WithdrawFigures> {
  return {
    sql: sql`select json_build_object(
        'paid', (select json_object_agg(currency, total) from (
                   select currency, sum(amount)::text as total from withdrawals
                   where user_id = ${userId} and status = 'paid' group by currency) w),
        'wallets', (select json_object_agg(network, address) from user_wallets where user_id = ${userId}))`,
    read: (value) => toWithdrawFigures(jsonValue<WithdrawRow>(value)),
  };
}

function toWithdrawFigures(row: WithdrawRow): WithdrawFigures {
  const paid = (currency: string) => formatMoney(BigInt(row.paid?.[currency] ?? '0'));
  const wallet = (network: string) => row.wallets?.[network] ?? '';
  return {
    withdraw: paid('CASH'),
    usdtWithdraw: paid('USDT'),
    walletTrc: wallet('TRC20'),
    walletErc: wallet('ERC20'),
    walletBep: wallet('BEP20'),
    address: wallet('TON'),
  };
}
