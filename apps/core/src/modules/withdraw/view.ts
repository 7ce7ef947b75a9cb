import { formatMoney, type WithdrawalView } from '@prism/domain';
import type { withdrawals } from './schema';

export type { WithdrawalView };
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export function describeDestination(row: Pick<WithdrawalRow, 'channel' | 'destination'>): string {
  const destination = row.destination as { bankName?: string; cardNumber?: string; address?: string };
  return row.channel === 'bank' ? `${destination.bankName ?? ''} ${destination.cardNumber ?? ''}`.trim() : (destination.address ?? '');
}

export function toWithdrawalView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    orderNo: row.orderNo,
    currency: row.currency,
    amount: formatMoney(row.amount),
    fee: formatMoney(row.fee),
    receive: formatMoney(row.receive),
    channel: row.channel,
    destination: describeDestination(row),
    status: row.status as WithdrawalView['status'],
    reason: row.reason ?? '',
    createDateTime: row.createdAt.toISOString(),
    completeDateTime: row.decidedAt?.toISOString() ?? '',
  };
}
