import { AppError, type Asset, decisionRefusal, formatMoney, visibleReason, type WalletCurrency } from '@prism/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AuditActor, recordAudit } from '../audit';
import { balancesOf, recordRechargeTurnover, transfer } from '../ledger';
import { postMessage } from '../message';
import { loadWalletConfig } from '../wallet';
import type { RechargeContext } from './context';
import { notifyAfterCommit } from './notices';
import { type ExceptionKind, type ExceptionStatus, moneyExceptions } from './schema';

type ExceptionRow = typeof moneyExceptions.$inferSelect;
type NewException = Omit<typeof moneyExceptions.$inferInsert, 'id' | 'status'>;

/** Records money that arrived and was not credited, once per source (inside the transaction that records the source). */
export async function recordException(tx: Executor, exception: NewException): Promise<void> {
  await tx.insert(moneyExceptions).values(exception).onConflictDoNothing();
}

export function toExceptionView(row: ExceptionRow) {
  return {
    id: row.id,
    kind: row.kind as ExceptionKind,
    userId: row.userId,
    coin: row.coin,
    amount: formatMoney(row.amount),
    expectedAmount: formatMoney(row.expectedAmount),
    route: row.route,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    status: row.status as ExceptionStatus,
    requestedBy: row.requestedBy,
    requestReason: row.requestReason,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    refundRef: row.refundRef,
  };
}
export type ExceptionView = ReturnType<typeof toExceptionView>;

export async function listExceptions(db: Executor, status: ExceptionStatus | undefined, limit: number): Promise<ExceptionView[]> {
  const rows = await db
    .select()
    .from(moneyExceptions)
    .where(status ? eq(moneyExceptions.status, status) : undefined)
    .orderBy(desc(moneyExceptions.id))
    .limit(limit);
  return rows.map(toExceptionView);
}

/** The exception, locked until commit, in one of the states the decision starts from (else ALREADY_DECIDED). */
async function lockIn(tx: Executor, id: number, states: readonly ExceptionStatus[]): Promise<ExceptionRow> {
  const [row] = await tx.select().from(moneyExceptions).where(eq(moneyExceptions.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  if (!(states as readonly string[]).includes(row.status)) throw new AppError('ALREADY_DECIDED');
  return row;
}

const requiredReason = (reason: string | undefined) => {
  const shown = visibleReason(reason);
  if (!shown) throw AppError.invalid({ reason: 'REASON_REQUIRED' });
  return shown;
};

/** The first operator asks to credit the money (with a reason); a second one approves it. */
export async function requestExceptionCredit(
  { db, clock }: Pick<RechargeContext, 'db' | 'clock'>,
  id: number,
  reason: string | undefined,
  actor: AuditActor,
): Promise<ExceptionView> {
  const shown = requiredReason(reason);
  const row = await db.transaction(async (tx) => {
    await lockIn(tx, id, ['open']);
    await recordAudit(tx, clock, actor, {
      action: 'exception.creditRequest',
      target: { type: 'exception', id },
      before: { status: 'open' },
      after: { status: 'creditRequested' },
      reason: shown,
    });
    const [updated] = await tx
      .update(moneyExceptions)
      .set({ status: 'creditRequested', requestedById: actor.operator.id, requestedBy: actor.operator.login, requestReason: shown })
      .where(eq(moneyExceptions.id, id))
      .returning();
    return updated as ExceptionRow;
  });
  return toExceptionView(row);
}

/**
 * A second operator approves the credit: the money enters the books from the deposits account it
 * came through, as a recharge (with its turnover requirement and the user's message), in one
 * transaction with the audit row 'exception.credit' (balance before and after) that the transfer carries.
 */
export async function approveExceptionCredit(context: RechargeContext, id: number, actor: AuditActor): Promise<ExceptionView> {
  const { db, clock } = context;
  const { row, notice } = await db.transaction(async (tx) => {
    const pending = await lockIn(tx, id, ['creditRequested']);
    const refusal = decisionRefusal({ id: pending.requestedById ?? 0, login: pending.requestedBy ?? '' }, actor.operator);
    if (refusal) throw new AppError(refusal);
    const coin = pending.coin as WalletCurrency & Asset;
    const balance = (await balancesOf(tx, pending.userId))[coin];
    const auditId = await recordAudit(tx, clock, actor, {
      action: 'exception.credit',
      target: { type: 'exception', id },
      before: { status: 'creditRequested', userId: pending.userId, coin, balance: formatMoney(balance) },
      after: { status: 'credited', userId: pending.userId, coin, balance: formatMoney(balance + pending.amount) },
      reason: pending.requestReason ?? undefined,
    });
    await transfer(
      tx,
      {
        asset: coin,
        from: { system: `deposits:${pending.route}` },
        to: { userId: pending.userId },
        amount: pending.amount,
        type: 'recharge',
        reference: `exception:${id}`,
        idempotencyKey: `exception:${id}`,
        meta: { exceptionId: id, kind: pending.kind, source: pending.reference },
        auditId,
      },
      clock.now(),
    );
    const config = await loadWalletConfig(tx, coin);
    await recordRechargeTurnover(tx, pending.userId, coin, pending.amount, config.turnoverMultipleBps);
    const notice = creditNotice(pending);
    await postMessage(tx, clock, pending.userId, notice.kind, notice.params);
    const [updated] = await tx
      .update(moneyExceptions)
      .set({ status: 'credited', decidedBy: actor.operator.login, decidedAt: clock.now(), decisionAuditId: auditId })
      .where(eq(moneyExceptions.id, id))
      .returning();
    return { row: updated as ExceptionRow, notice };
  });
  await notifyAfterCommit(context, row.userId, notice.kind, notice.params);
  return toExceptionView(row);
}

function creditNotice(row: ExceptionRow): { kind: 'deposit_credited' | 'recharge_credited'; params: Record<string, string> } {
  const amount = formatMoney(row.amount);
  return row.kind === 'depositBelowMinimum'
    ? { kind: 'deposit_credited', params: { amount, network: row.route } }
    : { kind: 'recharge_credited', params: { amount, currency: row.coin, orderNo: row.reference } };
}

/**
 * One operator refunds the money through the adapter it came through (no ledger movement: it never
 * entered the books). The exception is claimed first ('refunding', so a concurrent credit approval
 * is refused), then the adapter is asked, idempotently on the exception, then the state and the
 * audit row 'exception.refund' commit together. If the adapter refuses, the claim is given back; if
 * the server dies in between, refunding again finishes it (the adapter's key makes it one refund).
 */
export async function refundException(
  context: RechargeContext,
  id: number,
  reason: string | undefined,
  actor: AuditActor,
): Promise<ExceptionView> {
  const { db, clock } = context;
  const shown = requiredReason(reason);
  const claimed = await db.transaction(async (tx) => {
    const row = await lockIn(tx, id, ['open', 'creditRequested', 'refunding']);
    await tx.update(moneyExceptions).set({ status: 'refunding' }).where(eq(moneyExceptions.id, id));
    return row;
  });
  let refundRef: string;
  try {
    ({ refundRef } = await sendRefund(context, claimed, shown));
  } catch (error) {
    const back = claimed.status === 'refunding' ? 'open' : claimed.status;
    await db
      .update(moneyExceptions)
      .set({ status: back })
      .where(and(eq(moneyExceptions.id, id), eq(moneyExceptions.status, 'refunding')));
    throw error;
  }
  const row = await db.transaction(async (tx) => {
    await lockIn(tx, id, ['refunding']);
    await recordAudit(tx, clock, actor, {
      action: 'exception.refund',
      target: { type: 'exception', id },
      before: { status: claimed.status },
      after: { status: 'refunded', refundRef },
      reason: shown,
    });
    const [updated] = await tx
      .update(moneyExceptions)
      .set({ status: 'refunded', refundRef, decidedBy: actor.operator.login, decidedAt: clock.now(), decisionReason: shown })
      .where(eq(moneyExceptions.id, id))
      .returning();
    return updated as ExceptionRow;
  });
  return toExceptionView(row);
}

function sendRefund(context: RechargeContext, row: ExceptionRow, reason: string): Promise<{ refundRef: string }> {
  const request = { key: `exception:${row.id}`, coin: row.coin, amount: row.amount, reason };
  if (row.kind === 'depositBelowMinimum') return context.chainRefunds.refund({ ...request, network: row.route, txHash: row.reference });
  const gateway = context.gateways.get(row.route);
  if (!gateway) throw new AppError('REFUND_UNAVAILABLE');
  return gateway.refund({ ...request, orderNo: row.reference, gatewayRef: row.gatewayRef });
}
