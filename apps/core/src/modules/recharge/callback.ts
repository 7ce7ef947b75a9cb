import { AppError, type Asset, formatMoney, type RechargeOrderStatus, type WalletCurrency } from '@prism/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordRechargeTurnover, transfer } from '../ledger';
import { postMessage } from '../message';
import { loadWalletConfig } from '../wallet';
import type { RechargeContext } from './context';
import { recordException } from './exceptions';
import type { GatewayCallback } from './gateway';
import { notifyAfterCommit } from './notices';
import { findOrderWithChannel } from './orders';
import { rechargeOrders } from './schema';

export interface CallbackAnswer {
  orderNo: string;
  status: RechargeOrderStatus;
}

/**
 * Applies a verified gateway callback, exactly once. The only way out of
 * 'pending' is one conditional UPDATE (... WHERE status = 'pending'), in the
 * same transaction as the ledger transfer, the turnover requirement and the
 * system message: concurrent or replayed callbacks queue on the row lock and
 * then find it settled, so they change nothing and answer the settled status.
 * The user must pay exactly the order amount; anything else is recorded as
 * amount_mismatch and credits nothing. The player's deposit limits hold at
 * crediting time too: a payment that would pass one (lowered since the order,
 * or orders of an earlier window paid now) is recorded as over_limit, credits
 * nothing, and is refunded by the operator like a mismatch.
 */
export async function settleCallback(context: RechargeContext, gatewayName: string, callback: GatewayCallback): Promise<CallbackAnswer> {
  const { db, clock } = context;
  // Read before the transaction: on PGlite's single connection nothing may query outside it meanwhile.
  const zone = await context.protection.timeZone();
  const settled = await db.transaction(async (tx) => {
    const found = await findOrderWithChannel(tx, callback.orderNo);
    // A gateway may only settle orders of its own channels.
    if (!found || found.channel.gateway !== gatewayName) throw new AppError('ORDER_NOT_FOUND');
    const { order } = found;
    const next = await nextStatus(tx, context, order, callback, zone);
    const [moved] = await tx
      .update(rechargeOrders)
      .set({
        status: next,
        paidAmount: callback.status === 'SUCCESS' ? callback.paidAmount : null,
        gatewayRef: callback.gatewayRef,
        completedAt: clock.now(),
      })
      .where(and(eq(rechargeOrders.id, order.id), eq(rechargeOrders.status, 'pending')))
      .returning({ id: rechargeOrders.id });
    if (!moved) {
      // Settled before (a replay, or a concurrent duplicate that got there first).
      const [current] = await tx.select({ status: rechargeOrders.status }).from(rechargeOrders).where(eq(rechargeOrders.id, order.id));
      return { status: (current?.status ?? order.status) as RechargeOrderStatus, credited: undefined };
    }
    if (next === 'amount_mismatch' && callback.paidAmount > 0n) {
      // Paid, not credited: an operator refunds or credits it (money exceptions).
      await recordException(tx, {
        kind: 'amountMismatch',
        sourceId: order.id,
        userId: order.userId,
        coin: order.currency,
        amount: callback.paidAmount,
        expectedAmount: order.amount,
        route: gatewayName,
        reference: order.orderNo,
        gatewayRef: callback.gatewayRef,
        createdAt: clock.now(),
      });
    }
    if (next !== 'paid') return { status: next, credited: undefined };
    const params = await creditOrder(tx, context, gatewayName, order);
    return { status: next, credited: params && { userId: order.userId, params } };
  });
  if (settled.credited) await notifyAfterCommit(context, settled.credited.userId, 'recharge_credited', settled.credited.params);
  return { orderNo: callback.orderNo, status: settled.status };
}

async function nextStatus(
  tx: Executor,
  context: Pick<RechargeContext, 'protection'>,
  order: typeof rechargeOrders.$inferSelect,
  callback: GatewayCallback,
  zone: string,
): Promise<RechargeOrderStatus> {
  if (callback.status === 'FAILED') return 'failed';
  if (callback.paidAmount !== order.amount) return 'amount_mismatch';
  // Only a pending order is credited; a settled one answers its status below without a limit check.
  if (order.status !== 'pending' || order.currency !== 'CASH') return 'paid';
  return (await context.protection.fitsAtCredit(tx, order.userId, order.amount, zone)) ? 'paid' : 'over_limit';
}

/** deposits:<gateway> -> the user's balance, plus the turnover requirement and the system message. */
async function creditOrder(
  tx: Executor,
  context: Pick<RechargeContext, 'clock'>,
  gatewayName: string,
  order: typeof rechargeOrders.$inferSelect,
): Promise<Record<string, string> | undefined> {
  const currency = order.currency as WalletCurrency & Asset;
  const transferId = await transfer(
    tx,
    {
      asset: currency,
      from: { system: `deposits:${gatewayName}` },
      to: { userId: order.userId },
      amount: order.amount,
      type: 'recharge',
      reference: `recharge:${order.orderNo}`,
      // A second line of defence: even if the status guard were bypassed, the ledger writes this movement once.
      idempotencyKey: `recharge:${order.orderNo}`,
      meta: { orderNo: order.orderNo, channel: order.payChannelName },
    },
    context.clock.now(),
  );
  if (transferId === undefined) return undefined;
  const config = await loadWalletConfig(tx, currency);
  await recordRechargeTurnover(tx, order.userId, currency, order.amount, config.turnoverMultipleBps);
  const params = { amount: formatMoney(order.amount), currency, orderNo: order.orderNo };
  await postMessage(tx, context.clock, order.userId, 'recharge_credited', params);
  return params;
}
