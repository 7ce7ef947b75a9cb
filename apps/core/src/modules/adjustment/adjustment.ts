import type { AdjustmentView } from '@prism/domain';
import { AppError, type Asset, adjustmentProblems, decisionRefusal, formatMoney, visibleReason } from '@prism/domain';
import { desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { type AuditActor, recordAudit } from '../audit';
import { balancesOf, lockMoneyOut, transfer } from '../ledger';
import { findUserById } from '../user';
import { type AdjustmentRow, type AdjustmentStatus, balanceAdjustments } from './schema';

export interface AdjustmentDeps {
  db: Database;
  clock: Clock;
}

export interface AdjustmentInput {
  userId: number;
  coin: string;
  direction: string;
  amount: bigint;
  reason: string;
}

export function toAdjustmentView(row: AdjustmentRow): AdjustmentView {
  return {
    id: row.id,
    userId: row.userId,
    coin: row.coin,
    direction: row.direction as AdjustmentView['direction'],
    amount: formatMoney(row.amount),
    reason: row.reason,
    status: row.status as AdjustmentStatus,
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

export async function listAdjustments(db: Executor, status: AdjustmentStatus | undefined, limit: number): Promise<AdjustmentView[]> {
  const rows = await db
    .select()
    .from(balanceAdjustments)
    .where(status ? eq(balanceAdjustments.status, status) : undefined)
    .orderBy(desc(balanceAdjustments.id))
    .limit(limit);
  return rows.map(toAdjustmentView);
}

/** A request: checked by the domain rule, for an existing user; written with its audit row ('adjustment.request'). */
export async function requestAdjustment({ db, clock }: AdjustmentDeps, input: AdjustmentInput, actor: AuditActor): Promise<AdjustmentView> {
  const reason = visibleReason(input.reason) ?? '';
  const problems = adjustmentProblems({ ...input, reason });
  if (Object.keys(problems).length > 0) throw AppError.invalid(problems);
  if (!(await findUserById(db, input.userId))) throw new AppError('NOT_FOUND');
  const row = await db.transaction(async (tx) => {
    const values = { userId: input.userId, coin: input.coin, direction: input.direction, amount: input.amount, reason };
    const requestAuditId = await recordAudit(tx, clock, actor, {
      action: 'adjustment.request',
      target: { type: 'user', id: input.userId },
      after: { ...values, amount: formatMoney(input.amount), status: 'pending' },
      reason,
    });
    const [inserted] = await tx
      .insert(balanceAdjustments)
      .values({ ...values, requestedById: actor.operator.id, requestedBy: actor.operator.login, requestedAt: clock.now(), requestAuditId })
      .returning();
    if (!inserted) throw new Error('adjustment not written');
    return inserted;
  });
  return toAdjustmentView(row);
}

/** The pending adjustment, locked until commit (concurrent decisions queue here), decided by someone other than its requester. */
async function lockForDecision(tx: Executor, id: number, actor: AuditActor): Promise<AdjustmentRow> {
  const [row] = await tx.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('ALREADY_DECIDED');
  const refusal = decisionRefusal({ id: row.requestedById, login: row.requestedBy }, actor.operator);
  if (refusal) throw new AppError(refusal);
  return row;
}

/**
 * A second operator approves: the money moves through the ledger (a credit from the `adjustments`
 * system account, a debit to it; a debit beyond the balance is refused and changes nothing), in one
 * transaction with the audit row 'adjustment.approve' (balance before and after) that the transfer
 * carries. Approving twice, or concurrently, pays once: the row lock and the status decide, and the
 * transfer's idempotency key is a second guard.
 */
export async function approveAdjustment({ db, clock }: AdjustmentDeps, id: number, actor: AuditActor): Promise<AdjustmentView> {
  const row = await db.transaction(async (tx) => {
    const pending = await lockForDecision(tx, id, actor);
    const coin = pending.coin as Asset;
    const credit = pending.direction === 'credit';
    if (!credit) await lockMoneyOut(tx, pending.userId);
    const balance = (await balancesOf(tx, pending.userId))[coin];
    if (!credit && balance < pending.amount) throw new AppError('INSUFFICIENT_BALANCE');
    const after = credit ? balance + pending.amount : balance - pending.amount;
    const auditId = await recordAudit(tx, clock, actor, {
      action: 'adjustment.approve',
      target: { type: 'adjustment', id },
      before: { status: 'pending', userId: pending.userId, coin, balance: formatMoney(balance) },
      after: { status: 'approved', userId: pending.userId, coin, balance: formatMoney(after) },
      reason: pending.reason,
    });
    const user = { userId: pending.userId };
    const system = { system: 'adjustments' as const };
    await transfer(
      tx,
      {
        asset: coin,
        from: credit ? system : user,
        to: credit ? user : system,
        amount: pending.amount,
        type: 'adjustment',
        reference: `adjustment:${id}`,
        idempotencyKey: `adjustment:${id}`,
        meta: { adjustmentId: id, direction: pending.direction },
        auditId,
      },
      clock.now(),
    );
    return decide(tx, clock, id, actor, { status: 'approved', decisionAuditId: auditId });
  });
  return toAdjustmentView(row);
}

/** A second operator rejects, with a reason: nothing moves; the audit row says who and why. */
export async function rejectAdjustment(
  { db, clock }: AdjustmentDeps,
  id: number,
  reason: string | undefined,
  actor: AuditActor,
): Promise<AdjustmentView> {
  const shown = visibleReason(reason);
  if (!shown) throw AppError.invalid({ reason: 'REASON_REQUIRED' });
  const row = await db.transaction(async (tx) => {
    await lockForDecision(tx, id, actor);
    const auditId = await recordAudit(tx, clock, actor, {
      action: 'adjustment.reject',
      target: { type: 'adjustment', id },
      before: { status: 'pending' },
      after: { status: 'rejected' },
      reason: shown,
    });
    return decide(tx, clock, id, actor, { status: 'rejected', decisionAuditId: auditId, decisionReason: shown });
  });
  return toAdjustmentView(row);
}

async function decide(
  tx: Executor,
  clock: Clock,
  id: number,
  actor: AuditActor,
  decision: { status: AdjustmentStatus; decisionAuditId: number; decisionReason?: string },
): Promise<AdjustmentRow> {
  const [row] = await tx
    .update(balanceAdjustments)
    .set({ ...decision, decidedById: actor.operator.id, decidedBy: actor.operator.login, decidedAt: clock.now() })
    .where(eq(balanceAdjustments.id, id))
    .returning();
  if (!row) throw new Error(`adjustment ${id} vanished while decided`);
  return row;
}
