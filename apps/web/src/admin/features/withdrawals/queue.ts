import type { WithdrawalView } from '@prism/domain';

/** A withdrawal as the operators' list and detail answer it, with the four-eyes state. */
export type QueueRow = WithdrawalView & {
  userId: number;
  /** Above the coin's four-eyes amount: two different operators must approve. */
  secondApprovalNeeded?: boolean;
  /** Who gave the first of two approvals, while the second is awaited. */
  firstApprovedBy?: string | null;
};

/** The queue's filters the API does not take (it filters by status): coin and a minimum age. */
export interface QueueFilter {
  coin: string;
  minAgeHours: number;
}

export function filterQueue<Row extends QueueRow>(rows: readonly Row[], filter: QueueFilter, now: number): Row[] {
  return rows.filter(
    (row) =>
      (!filter.coin || row.currency === filter.coin) &&
      (filter.minAgeHours <= 0 || now - Date.parse(row.createDateTime) >= filter.minAgeHours * 3_600_000),
  );
}

/**
 * What the signed-in operator may do with a withdrawal: nothing when it is decided; when a first
 * approval is recorded, approve only if someone else gave it (nobody approves twice); else review.
 */
export type ReviewState = { kind: 'decided' } | { kind: 'open' } | { kind: 'awaitingSecond'; firstBy: string; mine: boolean };

export function reviewState(row: Pick<QueueRow, 'status' | 'firstApprovedBy'>, myLogin: string): ReviewState {
  if (row.status !== 'pending_review') return { kind: 'decided' };
  if (row.firstApprovedBy) return { kind: 'awaitingSecond', firstBy: row.firstApprovedBy, mine: row.firstApprovedBy === myLogin };
  return { kind: 'open' };
}

/** Whole hours since a moment, for the queue's age column. */
export function ageHours(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 3_600_000));
}
