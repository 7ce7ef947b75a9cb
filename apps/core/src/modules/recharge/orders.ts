import {
  AppError,
  formatMoney,
  type Money,
  money,
  type PayChannel,
  type RechargeAmountList,
  type RechargeOrder,
  type RechargeOrderStatus,
  routes,
  STEPPER,
} from '@prism/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { randomString } from '../../platform/random';
import { numberCode, sequenceNumbers } from '../../platform/sequenceNumbers';
import { loadWalletConfig } from '../wallet';
import type { RechargeContext } from './context';
import type { PaymentGateway } from './gateway';
import { payChannels, rechargeOrders } from './schema';

/** Quick picks offered when they fall within the CASH limits (the stepper covers everything between). */
const PRESET_AMOUNTS: readonly Money[] = [1000, 2000, 5000, 10_000, 20_000, 50_000].map((major) => money(major));

type ChannelRow = typeof payChannels.$inferSelect;
type OrderRow = typeof rechargeOrders.$inferSelect;

/** Enabled channels whose adapter this server has, in display order. */
export async function listPayChannels(context: Pick<RechargeContext, 'db' | 'gateways'>): Promise<PayChannel[]> {
  const rows = await context.db
    .select()
    .from(payChannels)
    .where(eq(payChannels.enabled, true))
    .orderBy(asc(payChannels.sort), asc(payChannels.id));
  return rows.flatMap((row) => {
    const gateway = context.gateways.get(row.gateway);
    // A channel whose adapter is not installed cannot take a payment: not offered.
    if (!gateway) return [];
    return [{ id: row.id, showName: row.showName, payChannelName: row.payChannelName, currency: row.currency, demo: gateway.demo }];
  });
}

export async function rechargeAmountList(db: Executor): Promise<RechargeAmountList> {
  const config = await loadWalletConfig(db, 'CASH');
  const within = (amount: Money) => amount >= config.chargeMinLimit && amount <= config.chargeMaxLimit;
  return {
    currency: 'CASH',
    openRecharge: config.openRecharge,
    amountList: PRESET_AMOUNTS.filter(within).map(formatMoney),
    min: formatMoney(config.chargeMinLimit),
    max: formatMoney(config.chargeMaxLimit),
    step: formatMoney(money(STEPPER.step)),
  };
}

const ORDER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Recharge numbers, a block per process (platform/sequenceNumbers.ts). */
const rechargeNumbers = sequenceNumbers('recharge_numbers');

/**
 * 'R' + yyyymmdd (UTC) + 8 characters from a unique number (unique by construction) + 12 random
 * characters (~62 bits): the number opens the sandbox's payment page without a login, so it must
 * not be guessable either.
 */
async function newOrderNo(tx: Executor, context: Pick<RechargeContext, 'clock' | 'random'>): Promise<string> {
  const day = context.clock.now().toISOString().slice(0, 10).replace(/-/g, '');
  const unique = numberCode(await rechargeNumbers.next(tx), ORDER_ALPHABET, 8);
  return `R${day}${unique}${randomString(context.random, ORDER_ALPHABET, 12)}`;
}

async function usableChannel(tx: Executor, context: Pick<RechargeContext, 'gateways'>, name: string | undefined) {
  if (!name) throw new AppError('PAY_CHANNEL_REQUIRED');
  const [channel] = await tx
    .select()
    .from(payChannels)
    .where(and(eq(payChannels.payChannelName, name), eq(payChannels.enabled, true)));
  if (channel?.currency !== 'CASH' || !context.gateways.has(channel.gateway)) throw new AppError('PAY_CHANNEL_REQUIRED');
  return channel;
}

/**
 * Creates a pending CASH order inside the caller's (idempotent) transaction,
 * after the configuration's rules: open, channel usable, amount within limits.
 * Returns only the order number: the idempotency record stores it as JSON.
 */
export async function createRechargeOrder(
  tx: Executor,
  context: Pick<RechargeContext, 'clock' | 'random' | 'gateways' | 'protection'>,
  userId: number,
  input: { payChannelName?: string | undefined; amount: Money },
  /** The platform time zone, read before the transaction: deposit-limit windows follow it. */
  zone: string,
): Promise<{ orderNo: string }> {
  const config = await loadWalletConfig(tx, 'CASH');
  if (!config.openRecharge) throw new AppError('RECHARGE_CLOSED');
  const channel = await usableChannel(tx, context, input.payChannelName);
  if (input.amount < config.chargeMinLimit) throw new AppError('RECHARGE_BELOW_MIN');
  if (input.amount > config.chargeMaxLimit) throw new AppError('RECHARGE_ABOVE_MAX');
  await context.protection.checkRecharge(tx, userId, input.amount, zone);
  const [row] = await tx
    .insert(rechargeOrders)
    .values({
      orderNo: await newOrderNo(tx, context),
      userId,
      payChannelName: channel.payChannelName,
      currency: channel.currency,
      amount: input.amount,
      status: 'pending',
      createdAt: context.clock.now(),
    })
    .returning({ orderNo: rechargeOrders.orderNo });
  if (!row) throw new Error('recharge order insert returned no row');
  return { orderNo: row.orderNo };
}

export async function findOrderWithChannel(db: Executor, orderNo: string): Promise<{ order: OrderRow; channel: ChannelRow } | undefined> {
  const [row] = await db
    .select({ order: rechargeOrders, channel: payChannels })
    .from(rechargeOrders)
    .innerJoin(payChannels, eq(payChannels.payChannelName, rechargeOrders.payChannelName))
    .where(eq(rechargeOrders.orderNo, orderNo));
  return row;
}

/**
 * Asks the channel's gateway for the payment URL, outside any transaction (a
 * real gateway is a network call that must not hold a database connection),
 * and stores it. A retried request finds the URL stored and asks nothing.
 */
export async function ensurePayment(
  context: Pick<RechargeContext, 'db' | 'gateways' | 'publicUrl'>,
  userId: number,
  orderNo: string,
): Promise<RechargeOrder> {
  const found = await findOrderWithChannel(context.db, orderNo);
  if (!found || found.order.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
  const { order, channel } = found;
  const gateway = context.gateways.get(channel.gateway);
  if (!gateway) throw new AppError('PAY_CHANNEL_REQUIRED');
  let payUrl = order.payUrl;
  if (!payUrl && order.status === 'pending') {
    const forGateway = { orderNo, amount: order.amount, currency: order.currency, userId };
    payUrl = (await gateway.createPayment(forGateway, paymentContext(context.publicUrl, gateway, orderNo))).payUrl;
    await context.db
      .update(rechargeOrders)
      .set({ payUrl })
      .where(and(eq(rechargeOrders.id, order.id), eq(rechargeOrders.payUrl, '')));
  }
  return toWireOrder(order, payUrl, gateway.demo);
}

export function paymentContext(publicUrl: string, gateway: PaymentGateway, orderNo: string) {
  return {
    callbackUrl: `${publicUrl}/core/pay/callback/${gateway.name}`,
    returnUrl: `${publicUrl}${returnPath(orderNo)}`,
  };
}

/** Where a finished payment sends the user: the recharge screen, which shows the order. */
export function returnPath(orderNo: string): string {
  return `${routes.recharge}?orderNo=${encodeURIComponent(orderNo)}`;
}

function toWireOrder(order: OrderRow, payUrl: string, demo: boolean): RechargeOrder {
  return {
    orderNo: order.orderNo,
    amount: formatMoney(order.amount),
    currency: order.currency,
    status: order.status as RechargeOrderStatus,
    payUrl,
    demo,
  };
}
