import { PAGE_SIZE } from '@prism/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/user/withdraw/list: the user's withdrawals, newest first, with status and rejection reason. */
export const getWithdrawals = (pageNo: number) => api.withdraw.list({ pageNo, pageSize: PAGE_SIZE });

export const withdrawalsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.withdrawals,
    queryFn: ({ pageParam }) => getWithdrawals(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useWithdrawals = () => useInfiniteQuery(withdrawalsQueryOptions());
