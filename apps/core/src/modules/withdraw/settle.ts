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
  await transfer(
    tx,
    {
      asset,
      from: { system: 'withdrawals_in_flight' },
      to: { system: 'withdrawals_paid' },
      amount: row.receive,
      type: 'withdraw_paid',
      reference,
      auditId,
    },
    clock.now(),
  );
  if (row.fee > 0n) {
    await transfer(
      tx,
      {
        asset,
        from: { system: 'withdrawals_in_flight' },
        to: { system: 'fees' },
        amount: row.fee,
        type: 'withdraw_fee',
        reference,
        auditId,
      },
      clock.now(),
    );
  }
  await postMessage(tx, clock, row.userId, 'withdraw_approved', messageParams(paid));
  return paid;
}
