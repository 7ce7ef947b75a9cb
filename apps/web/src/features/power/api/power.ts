import type { PowerCategory, PowerSession } from '@prism/domain';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/powerSession/cateList: packages by category, with the caller's purchases today. */
export const usePowerCategories = () => useQuery({ queryKey: queryKeys.powerCategories, queryFn: () => api.powerSession.cateList() });

/** One package of the list (the detail page reads it from the same query). */
export function findSession(categories: readonly PowerCategory[] | undefined, id: number): PowerSession | undefined {
  return categories?.flatMap((category) => category.list).find((session) => session.id === id);
}

/** GET /app/userPower/get: power by kind and the holdings. */
export const useUserPower = () => useQuery({ queryKey: queryKeys.userPower, queryFn: () => api.userPower.get() });

export const powerRecordsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.powerRecords,
    queryFn: ({ pageParam }) => api.userPower.powerRecordPage({ pageNo: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** GET /app/userPower/powerRecordPage, 20 a page until 'no more data'. */
export const usePowerRecords = () => useInfiniteQuery(powerRecordsQueryOptions());

/** What a purchase or a gift changes: balances, power, packages (today's count) and records. */
function useRefreshAfterPurchase() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.userInfo, queryKeys.userPower, queryKeys.powerCategories, queryKeys.powerRecords, queryKeys.assetRecords].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /app/userPower/buyPower, with an Idempotency-Key. */
export function useBuyPower() {
  const refresh = useRefreshAfterPurchase();
  return useMutation({
    mutationFn: ({ sessionId, idempotencyKey }: { sessionId: number; idempotencyKey: string }) =>
      api.userPower.buyPower({ sessionId }, { idempotencyKey }),
    onSuccess: refresh,
  });
}

/** POST /app/userPower/givePower, with an Idempotency-Key. */
export function useGivePower() {
  const refresh = useRefreshAfterPurchase();
  return useMutation({
    mutationFn: ({ sessionId, account, idempotencyKey }: { sessionId: number; account: string; idempotencyKey: string }) =>
      api.userPower.givePower({ sessionId, account }, { idempotencyKey }),
    onSuccess: refresh,
  });
}
