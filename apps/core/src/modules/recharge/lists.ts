import {
  type ChainDeposit,
  type DepositStatus,
  formatMoney,
  type Paged,
  type RechargeOrderAdmin,
  type RechargeOrderStatus,
  type RechargeTask,
} from '@prism/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { toWireDeposit } from './chainWatcher';
import { chainDeposits, rechargeOrders } from './schema';

type TaskRow = {
  id: number;
  kind: 'cash' | 'usdt';
  order_no: string;
  currency: string;
  channel: string;
  amount: string;
  status: RechargeTask['status'];
  created_at: string | Date;
  completed_at: string | Date | null;
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** rechargeTask/list: the user's CASH orders and USDT deposits in one list, newest first. */
export async function listRechargeTasks(db: Executor, userId: number, pageNo: number, pageSize: number): Promise<Paged<RechargeTask>> {
  const rows = await queryRows<TaskRow>(
    db,
    sql`select * from (
          select id, 'cash' as kind, order_no, currency, pay_channel_name as channel, amount::text as amount, status, created_at, completed_at
          from recharge_orders where user_id = ${userId}
          union all
          select id, 'usdt', tx_hash, 'USDT', network, amount::text, status, created_at, credited_at
          from chain_deposits where user_id = ${userId}
        ) t
        order by created_at desc, kind, id desc
        limit ${pageSize} offset ${(pageNo - 1) * pageSize}`,
  );
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select ((select count(*) from recharge_orders where user_id = ${userId}) + (select count(*) from chain_deposits where user_id = ${userId}))::int as n`,
  );
  return {
    content: rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      orderNo: row.order_no,
      currency: row.currency,
      channel: row.channel,
      amount: formatMoney(BigInt(row.amount)),
      status: row.status,
      createDateTime: new Date(row.created_at).toISOString(),
      completeDateTime: iso(row.completed_at),
    })),
    totalElements: Number(total?.n ?? 0),
    pageNo,
  };
}

/** Recent recharge orders for the operator, optionally of one status. */
export async function listOrdersForOperator(
  db: Executor,
  status: RechargeOrderStatus | undefined,
  limit: number,
): Promise<RechargeOrderAdmin[]> {
  const rows = await db
    .select()
    .from(rechargeOrders)
    .where(status ? eq(rechargeOrders.status, status) : undefined)
    .orderBy(desc(rechargeOrders.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    orderNo: row.orderNo,
    userId: row.userId,
    payChannelName: row.payChannelName,
    currency: row.currency,
    amount: formatMoney(row.amount),
    paidAmount: row.paidAmount === null ? null : formatMoney(row.paidAmount),
    status: row.status as RechargeOrderStatus,
    gatewayRef: row.gatewayRef,
    createDateTime: row.createdAt.toISOString(),
    completeDateTime: row.completedAt?.toISOString() ?? null,
  }));
}

/** Recent reported deposits for the operator (below_minimum and unknown_address included: nothing vanishes). */
export async function listDepositsForOperator(db: Executor, status: DepositStatus | undefined, limit: number): Promise<ChainDeposit[]> {
  const rows = await db
    .select()
    .from(chainDeposits)
    .where(status ? eq(chainDeposits.status, status) : undefined)
    .orderBy(desc(chainDeposits.id))
    .limit(limit);
  return rows.map(toWireDeposit);
}
