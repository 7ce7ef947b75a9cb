import { PAGE_SIZE } from '@prism/domain';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/followInvest/productList: the advisor products on offer. */
export const useAdvisorProducts = () => useQuery({ queryKey: queryKeys.advisorProducts, queryFn: () => api.followInvest.productList() });

/** GET /app/followInvest/orderPage: the user's orders, newest first. */
export const advisorOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.advisorOrders,
    queryFn: ({ pageParam }) => api.followInvest.orderPage({ pageNo: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useAdvisorOrders = () => useInfiniteQuery(advisorOrdersQueryOptions());

/** POST /app/followInvest/buy, with an Idempotency-Key. */
export const buyAdvisor = ({ input, idempotencyKey }: { input: { productId: number; amount: string }; idempotencyKey: string }) =>
  api.followInvest.buy(input, { idempotencyKey });

export function useBuyAdvisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyAdvisor,
    onSuccess: () =>
      Promise.all(
        [queryKeys.advisorOrders, queryKeys.userInfo, queryKeys.assetRecords].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
