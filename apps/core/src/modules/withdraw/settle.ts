import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { transfer } from '../ledger';
import { postMessage } from '../message';
import type { WalletCurrency } from '../wallet';
import { messageParams } from './notices';
import { withdrawals } from './schema';
import type { WithdrawalRow } from './view';

/**
 * Marks a pending withdrawal paid: in-flight money goes out, the fee to the fee account. `auditId`:
 * the operator's approval row (none for an automatic approval), carried by both transfers.
 */
export async function settlePaid(
  tx: Transaction,
  clock: Clock,
  row: WithdrawalRow,
  by: string,
  auditId?: number,
): Promise<WithdrawalRow | undefined> {
  const [paid] = await tx
    .update(withdrawals)
    .set({ status: 'paid', decidedBy: by, decidedAt: clock.now(), autoApproved: by === 'auto' })
    .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'pending_review')))
    .returning();
  if (!paid) return undefined;
  const reference = `withdrawal:${row.orderNo}`;
  const asset = row.currency as WalletCurrency;
  // The amount received goes out, the fee (if any) to the fee account; both carry the approval's audit row.
  const moves = [
    { to: 'withdrawals_paid', amount: row.receive, type: 'withdraw_paid' },
    { to: 'fees', amount: row.fee, type: 'withdraw_fee' },
  ] as const;
  for (const move of moves) {
    if (move.amount <= 0n) continue;
    const from = { system: 'withdrawals_in_flight' } as const;
    await transfer(tx, { asset, from, to: { system: move.to }, amount: move.amount, type: move.type, reference, auditId }, clock.now());
  }
  await postMessage(tx, clock, row.userId, 'withdraw_approved', messageParams(paid));
  return paid;
}
