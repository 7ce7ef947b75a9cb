import { AppError, type Money } from '@prism/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { sandboxRefunds } from './schema';

/** Paying back money that arrived but was not credited. `key` makes a repeated request one refund. */
export interface RefundRequest {
  key: string;
  coin: string;
  amount: Money;
  reason: string;
}

/** A recharge order paid with the wrong amount: the gateway pays it back to whoever paid. */
export interface GatewayRefund extends RefundRequest {
  orderNo: string;
  gatewayRef: string | null;
}

/** A deposit below the minimum: sent back to the sender of the chain transaction. */
export interface ChainRefund extends RefundRequest {
  network: string;
  txHash: string;
}

/**
 * Sends chain refunds (the chain watcher only observes). The sandbox records them; production has
 * no hot wallet wired in yet, so its refunder refuses (REFUND_UNAVAILABLE) and the operator pays
 * the sender back by hand (docs/money-in.md, "Money exceptions").
 */
export interface ChainRefunder {
  readonly name: string;
  refund(request: ChainRefund): Promise<{ refundRef: string }>;
}

/** Records a sandbox refund once per key and answers its reference (the same for a repeat). */
export async function recordSandboxRefund(
  db: Executor,
  clock: Clock,
  rail: string,
  request: RefundRequest,
  destination: Record<string, unknown>,
): Promise<{ refundRef: string }> {
  await db
    .insert(sandboxRefunds)
    .values({
      rail,
      key: request.key,
      coin: request.coin,
      amount: request.amount,
      destination,
      reason: request.reason,
      createdAt: clock.now(),
    })
    .onConflictDoNothing();
  const [row] = await db.select({ id: sandboxRefunds.id }).from(sandboxRefunds).where(eq(sandboxRefunds.key, request.key));
  if (!row) throw new Error(`sandbox refund ${request.key} not recorded`);
  return { refundRef: `sandbox-refund-${row.id}` };
}

export function createSandboxChainRefunder(db: Executor, clock: Clock): ChainRefunder {
  return {
    name: 'sandbox',
    refund: (request) => recordSandboxRefund(db, clock, `chain:${request.network}`, request, { txHash: request.txHash }),
  };
}

/** Production until a hot wallet adapter exists: nothing is sent, the operator is told to refund by hand. */
export function createUnconfiguredChainRefunder(): ChainRefunder {
  return {
    name: 'unconfigured',
    refund: async () => {
      throw new AppError('REFUND_UNAVAILABLE');
    },
  };
}
