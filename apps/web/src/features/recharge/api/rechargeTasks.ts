import { PAGE_SIZE, type RechargeTask } from '@prism/domain';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/user/rechargeTask/list: CASH orders and USDT deposits, newest first. */
export const getRechargeTasks = (pageNo: number, pageSize: number = PAGE_SIZE) => api.recharge.rechargeTaskList({ pageNo, pageSize });

export const rechargeTasksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.rechargeTasks, 'list'],
    queryFn: ({ pageParam }) => getRechargeTasks(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useRechargeTasks = () => useInfiniteQuery(rechargeTasksQueryOptions());

/** How often a pending order is asked about again, and for how long at most. */
export const ORDER_POLL_MS = 2_000;
export const ORDER_POLL_LIMIT = 30;

/** One CASH order by its number (the latest 100 recharges are searched); null when it is not among them. */
export async function findRechargeOrder(orderNo: string): Promise<RechargeTask | null> {
  const page = await getRechargeTasks(1, 100);
  return page.content.find((task) => task.kind === 'cash' && task.orderNo === orderNo) ?? null;
}

export const rechargeOrderQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: [...queryKeys.rechargeTasks, 'order', orderNo],
    queryFn: () => findRechargeOrder(orderNo),
    staleTime: 0,
    // A gateway may report a moment after the user comes back: ask again while the order is pending.
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < ORDER_POLL_LIMIT ? ORDER_POLL_MS : false,
  });

export const useRechargeOrder = (orderNo: string) => useQuery(rechargeOrderQueryOptions(orderNo));
