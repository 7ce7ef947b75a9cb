import type { AdjustmentStatus, AdjustmentView } from '@prism/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/api';

/** A row of GET adjustments: a manual credit or debit waiting for, or decided by, a second operator. */
export type Adjustment = AdjustmentView;

/** A row of GET exceptions: a deposit below the minimum or a recharge order paid with another amount. */
export interface MoneyException {
  id: number;
  kind: 'depositBelowMinimum' | 'amountMismatch';
  userId: number;
  coin: string;
  amount: string;
  expectedAmount: string | null;
  reference: string;
  createdAt: string;
  status: string;
  /** Who asked for the credit that awaits a second approver, when the API says. */
  requestedBy?: string | null;
}

export const adjustmentsQuery = (status: AdjustmentStatus) =>
  queryOptions({ queryKey: ['admin', 'adjustments', status], queryFn: () => adminApi.get<Adjustment[]>('adjustments', { status }) });
export const useAdjustments = (status: AdjustmentStatus) => useQuery(adjustmentsQuery(status));
export const exceptionsQuery = () =>
  queryOptions({ queryKey: ['admin', 'exceptions'], queryFn: () => adminApi.get<MoneyException[]>('exceptions') });
export const useExceptions = () => useQuery(exceptionsQuery());

export interface AdjustmentInput {
  userId: string;
  coin: string;
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
}
export const requestAdjustment = (input: AdjustmentInput) => adminApi.post<Adjustment>('adjustments', { ...input });
export const approveAdjustment = (id: number) => adminApi.post<unknown>(`adjustments/${id}/approve`);
export const rejectAdjustment = ({ id, reason }: { id: number; reason: string }) =>
  adminApi.post<unknown>(`adjustments/${id}/reject`, { reason });

export const creditException = ({ id, reason }: { id: number; reason: string }) =>
  adminApi.post<unknown>(`exceptions/${id}/credit`, { reason });
export const refundException = ({ id, reason }: { id: number; reason: string }) =>
  adminApi.post<unknown>(`exceptions/${id}/refund`, { reason });
export const approveException = (id: number) => adminApi.post<unknown>(`exceptions/${id}/approve`);

export const waiveTurnover = ({ userId, coin, reason }: { userId: string; coin: string; reason: string }) =>
  adminApi.post<unknown>(`users/${encodeURIComponent(userId)}/turnoverWaiver`, { coin, reason });

function useMoneyMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, key: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', key] }) });
}
export const useRequestAdjustment = () => useMoneyMutation(requestAdjustment, 'adjustments');
export const useApproveAdjustment = () => useMoneyMutation(approveAdjustment, 'adjustments');
export const useRejectAdjustment = () => useMoneyMutation(rejectAdjustment, 'adjustments');
export const useCreditException = () => useMoneyMutation(creditException, 'exceptions');
export const useRefundException = () => useMoneyMutation(refundException, 'exceptions');
export const useApproveException = () => useMoneyMutation(approveException, 'exceptions');
export const useWaiveTurnover = () => useMoneyMutation(waiveTurnover, 'users');

/**
 * What an exception row offers: a decision (credit or refund) while it is open, a second approval
 * of a requested credit (not to the operator who requested it), nothing once it is settled.
 */
export function exceptionStage(
  row: Pick<MoneyException, 'status' | 'requestedBy'>,
  myLogin: string,
): 'decide' | 'approve' | 'mine' | 'settled' {
  const status = row.status.toLowerCase();
  if (status === 'open' || status === 'pending') return 'decide';
  if (status.includes('approval')) return row.requestedBy && row.requestedBy === myLogin ? 'mine' : 'approve';
  return 'settled';
}
