/** The operator API's money decisions (/core/admin/adjustments): what core sends and the console reads. */

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/** A manual credit or debit waiting for, or decided by, a second operator (amounts in major units, times ISO). */
export interface AdjustmentView {
  id: number;
  userId: number;
  coin: string;
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  requestedBy: string;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
}
