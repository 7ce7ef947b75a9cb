import { PAGE_SIZE } from '@prism/domain';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/followInvest/productList: the follow-invest products on offer. */
export const useFollowInvestProducts = () =>
  useQuery({ queryKey: queryKeys.advisorProducts, queryFn: () => api.followInvest.productList() });

/** GET /app/followInvest/orderPage: the user's orders, newest first. */
export const followInvestOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.advisorOrders,
    queryFn: ({ pageParam }) => api.followInvest.orderPage({ pageNo: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useFollowInvestOrders = () => useInfiniteQuery(followInvestOrdersQueryOptions());

/** POST /app/followInvest/buy (a follow-invest order), with an Idempotency-Key. */
export const placeFollowInvestOrder = ({
  input,
  idempotencyKey,
}: {
  input: { productId: number; amount: string };
  idempotencyKey: string;
}) => api.followInvest.buy(input, { idempotencyKey });

export function usePlaceFollowInvestOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeFollowInvestOrder,
    onSuccess: () =>
      Promise.all(
        [queryKeys.advisorOrders, queryKeys.userInfo, queryKeys.assetRecords].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
