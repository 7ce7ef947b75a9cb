import { AppError, ASSETS, type Asset, formatMoney, type TurnoverState, visibleReason } from '@prism/domain';
import { type AuditActor, recordAudit } from '../audit';
import { waiveTurnover } from '../ledger';
import { findUserById } from '../user';
import type { AdjustmentDeps } from './adjustment';

const shown = (state: TurnoverState) => ({
  principal: formatMoney(state.principal),
  required: formatMoney(state.required),
  done: formatMoney(state.done),
});

/**
 * A turnover waiver: the user's outstanding withdrawal turnover requirement on one coin is cleared
 * (docs/money.md, "Turnover rule"), with a reason, audited ('turnover.waive') with the state before
 * and after in the same transaction. No money moves, so one operator decides it.
 */
export async function grantTurnoverWaiver(
  { db, clock }: AdjustmentDeps,
  input: { userId: number; coin: string; reason: string | undefined },
  actor: AuditActor,
) {
  const reason = visibleReason(input.reason);
  if (!(ASSETS as readonly string[]).includes(input.coin)) throw AppError.invalid({ coin: 'FIELD_INVALID' });
  if (!reason) throw AppError.invalid({ reason: 'REASON_REQUIRED' });
  if (!(await findUserById(db, input.userId))) throw new AppError('NOT_FOUND');
  const coin = input.coin as Asset;
  return db.transaction(async (tx) => {
    const { before, after, locked } = await waiveTurnover(tx, input.userId, coin);
    const auditId = await recordAudit(tx, clock, actor, {
      action: 'turnover.waive',
      target: { type: 'user', id: input.userId },
      before: { coin, locked: formatMoney(locked), ...shown(before) },
      after: { coin, locked: '0.00', ...shown(after) },
      reason,
    });
    return { userId: input.userId, coin, waived: formatMoney(locked), auditId };
  });
}
