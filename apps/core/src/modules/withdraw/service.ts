import type { Transaction } from '../../db/client';
import { readsOf } from '../../db/replicas';
import type { AuditActor } from '../audit';
import { applyWithdrawal, precheckWithdrawal } from './apply';
import { sendWithdrawCode } from './code';
import { type AfterCommit, type ApplyInput, type WithdrawServiceDeps, withdrawContext } from './context';
import { listMyWithdrawals, listWithdrawalsForOperators } from './lists';
import { afterCommit } from './notices';
import { approveWithdrawal, ensureReviewable, rejectWithdrawal } from './review';

export type { ApplyInput, WithdrawServiceDeps } from './context';
export type { AwaitingSecondApproval } from './review';

/** Wires the withdrawal use cases (code, apply, review, lists) to their dependencies. */
export function createWithdrawService(deps: WithdrawServiceDeps) {
  const ctx = withdrawContext(deps);
  const reads = readsOf(deps.reads, deps.db);
  return {
    sendCode: (userId: number) => sendWithdrawCode(ctx, userId),
    precheck: (userId: number, input: ApplyInput) => precheckWithdrawal(ctx, userId, input),
    apply: (tx: Transaction, userId: number, input: ApplyInput, pending: AfterCommit[]) => applyWithdrawal(ctx, tx, userId, input, pending),
    afterCommit: (tasks: AfterCommit[]) => afterCommit(ctx, tasks),
    approve: (id: number, actor: AuditActor) => approveWithdrawal(ctx, id, actor),
    ensureReviewable: (id: number) => ensureReviewable(ctx, id),
    reject: (id: number, reason: string | undefined, actor: AuditActor) => rejectWithdrawal(ctx, id, reason, actor),
    // Their withdrawal just applied for is in it, wherever it is read (db/replicas.ts, read-your-writes).
    listMine: async (userId: number, pageNo: number, pageSize: number) =>
      listMyWithdrawals(await reads.forUser(userId), userId, pageNo, pageSize),
    listForOperators: (status: string | undefined, limit: number) => listWithdrawalsForOperators(deps.db, status, limit),
  };
}

export type WithdrawService = ReturnType<typeof createWithdrawService>;
