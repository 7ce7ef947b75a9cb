import { ASSETS } from '../constants';
import type { ValidationKey } from '../errors';

/**
 * Four eyes on money (issue 25): a manual balance adjustment, a credited money exception and a
 * withdrawal above the operator-set amount need a second operator, and nobody approves their own
 * request. The rules are here, pure; the services apply them under the row's lock.
 */

/** Who asked or decided: operators.id (0 for the shared token and the bot before accounts) and the login then. */
export interface OperatorRef {
  id: number;
  login: string;
}

/**
 * Whether two references are the same person. Real operator ids are unique; id 0 is shared by
 * principals without an account (the shared token, the bot), so there the login tells them apart.
 */
export function sameOperator(a: OperatorRef, b: OperatorRef): boolean {
  if (a.id > 0 || b.id > 0) return a.id === b.id;
  return a.login === b.login;
}

export type AdjustmentDirection = 'credit' | 'debit';
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const satisfies readonly AdjustmentDirection[];

export interface AdjustmentRequest {
  coin: string;
  direction: string;
  amount: bigint;
  reason: string;
}

/** What is wrong with an adjustment request, per field (empty when none): amount > 0, a known coin and direction, a reason. */
export function adjustmentProblems(input: AdjustmentRequest): Partial<Record<keyof AdjustmentRequest, ValidationKey>> {
  const problems: Partial<Record<keyof AdjustmentRequest, ValidationKey>> = {};
  if (!(ASSETS as readonly string[]).includes(input.coin)) problems.coin = 'FIELD_INVALID';
  if (!(ADJUSTMENT_DIRECTIONS as readonly string[]).includes(input.direction)) problems.direction = 'FIELD_INVALID';
  if (input.amount <= 0n) problems.amount = 'AMOUNT_POSITIVE';
  if (!input.reason.trim()) problems.reason = 'REASON_REQUIRED';
  return problems;
}

/** Why `decider` may not decide a request `requester` made: 'FOUR_EYES_SELF' when they are the same person. */
export function decisionRefusal(requester: OperatorRef, decider: OperatorRef): 'FOUR_EYES_SELF' | undefined {
  return sameOperator(requester, decider) ? 'FOUR_EYES_SELF' : undefined;
}

/**
 * Whether a withdrawal needs a second operator's approval: the per-coin amount is set (above 0)
 * and the withdrawal is above it. 0 means never.
 */
export function needsSecondApproval(amount: bigint, secondApprovalAbove: bigint): boolean {
  return secondApprovalAbove > 0n && amount > secondApprovalAbove;
}
