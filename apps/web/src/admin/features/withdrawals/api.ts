import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/api';
import type { QueueRow } from './queue';

export type WithdrawalStatus = QueueRow['status'];

/** GET withdrawals?status=: the queue (newest first). */
export const listWithdrawals = (status: WithdrawalStatus | '') =>
  adminApi.get<QueueRow[]>('withdrawals', { ...(status ? { status } : {}), limit: 200 });
export const withdrawalsQuery = (status: WithdrawalStatus | '') =>
  queryOptions({ queryKey: ['admin', 'withdrawals', 'list', status], queryFn: () => listWithdrawals(status) });
export const useWithdrawals = (status: WithdrawalStatus | '') => useQuery(withdrawalsQuery(status));

/** GET withdrawals/:id: the withdrawal (payout details masked) and the user's context. */
export interface WithdrawalDetail {
  withdrawal: QueueRow;
  context: {
    deposits?: unknown;
    turnover?: unknown;
    recentBets?: unknown;
    sharedAddress?: unknown;
    sharedDevice?: unknown;
  };
}
export const getWithdrawal = (id: number) => adminApi.get<WithdrawalDetail>(`withdrawals/${id}`);
export const withdrawalQuery = (id: number) =>
  queryOptions({ queryKey: ['admin', 'withdrawals', 'detail', id], queryFn: () => getWithdrawal(id) });
export const useWithdrawal = (id: number) => useQuery(withdrawalQuery(id));

/** GET withdrawals/:id/payout: unmasked; each call is an audit row under the operator's name. Asked only on request. */
export const getPayout = (id: number) => adminApi.get<Record<string, unknown>>(`withdrawals/${id}/payout`);
export const usePayout = (id: number) =>
  useQuery({ queryKey: ['admin', 'withdrawals', 'payout', id], queryFn: () => getPayout(id), enabled: false, staleTime: 0, gcTime: 0 });

export const approveWithdrawal = (id: number) => adminApi.post<{ status?: string } | null>(`withdrawals/${id}/approve`);
export const rejectWithdrawal = ({ id, reason }: { id: number; reason: string }) =>
  adminApi.post<unknown>(`withdrawals/${id}/reject`, { reason });

function useReviewMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }) });
}
export const useApproveWithdrawal = () => useReviewMutation(approveWithdrawal);
export const useRejectWithdrawal = () => useReviewMutation(rejectWithdrawal);
