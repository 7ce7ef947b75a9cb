import type { Envelope, RechargeOrder, WalletCurrency } from '@prism/domain';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { ledgerAccounts, ledgerTransfers } from '../modules/ledger/schema';
import { signSandboxBody } from '../modules/recharge/sandboxGateway';
import { TEST_OPS_TOKEN, TEST_SECRET, type TestContext, type TestUser } from '.';

/** Shared by the money-in tests: they all speak HTTP to a real server and read the database to check. */

export const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };

export async function createOrder(ctx: TestContext, user: TestUser, amount = '1000', headers: Record<string, string> = {}) {
  return ctx.api.post<RechargeOrder>(
    '/app/user/cashRecharge/recharge',
    { payChannelName: 'sandbox', amount },
    { token: user.token, headers },
  );
}

export async function createPendingOrder(ctx: TestContext, user: TestUser, amount = '1000'): Promise<RechargeOrder> {
  const answer = await createOrder(ctx, user, amount);
  if (answer.code !== 200) throw new Error(`recharge: ${answer.message}`);
  return answer.result;
}

export function callbackBody(
  orderNo: string,
  paidAmount: string,
  status: 'SUCCESS' | 'FAILED' = 'SUCCESS',
  gatewayRef = 'SBXTEST1',
): string {
  return JSON.stringify({ orderNo, paidAmount, status, gatewayRef, timestamp: 1_700_000_000_000 });
}

/** Posts a gateway callback as the gateway would: raw JSON bytes and their signature (the right one unless given). */
export function postCallback(
  ctx: TestContext,
  body: string,
  signature: string | null = signSandboxBody(TEST_SECRET, body),
  gateway = 'sandbox',
) {
  return ctx.api.send<{ orderNo: string; status: string }>(`/pay/callback/${gateway}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'X-Sandbox-Signature': signature }) },
    body,
  });
}

/** The user's balance in one asset, read from the ledger itself. */
export async function balanceOf(ctx: TestContext, userId: number, asset: WalletCurrency): Promise<bigint> {
  const [row] = await ctx.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.asset, asset)));
  return row?.balance ?? 0n;
}

export async function transfersWithReference(ctx: TestContext, reference: string): Promise<number> {
  const rows = await ctx.db.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference));
  return rows.length;
}

export async function orderStatus(ctx: TestContext, orderNo: string): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(ctx.db, sql`select status from recharge_orders where order_no = ${orderNo}`);
  return row?.status;
}

export function expectCode<T>(answer: Envelope<T>, code: number): Envelope<T> {
  if (answer.code !== code) throw new Error(`expected code ${code}, got ${answer.code}: ${answer.message}`);
  return answer;
}
