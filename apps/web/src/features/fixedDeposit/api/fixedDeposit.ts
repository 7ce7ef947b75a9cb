import { PAGE_SIZE } from '@prism/domain';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/fixedDeposit/config/get: the terms on offer. */
export const useDepositConfig = () => useQuery({ queryKey: queryKeys.depositConfig, queryFn: () => api.fixedDeposit.config() });

/** GET /app/fixedDeposit/list: the user's deposits, newest first. */
export const depositsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.deposits,
    queryFn: ({ pageParam }) => api.fixedDeposit.list({ pageNo: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useDeposits = () => useInfiniteQuery(depositsQueryOptions());

function useRefreshAfterMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.deposits, queryKeys.userInfo, queryKeys.assetRecords].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** POST /app/fixedDeposit/deposit, with an Idempotency-Key. */
export function useOpenDeposit() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: { productId: number; amount: string }; idempotencyKey: string }) =>
      api.fixedDeposit.deposit(input, { idempotencyKey }),
    onSuccess: refresh,
  });
}

/** POST /app/fixedDeposit/transferOut, with an Idempotency-Key. */
export function useTransferOut() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: { id: number; amount: string }; idempotencyKey: string }) =>
      api.fixedDeposit.transferOut(input, { idempotencyKey }),
    onSuccess: refresh,
  });
}
