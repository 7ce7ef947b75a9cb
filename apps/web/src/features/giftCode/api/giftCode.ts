import { PAGE_SIZE } from '@prism/domain';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/giftCode/records: the user's redemptions, newest first. */
export const getGiftCodeRecords = (pageNo: number) => api.giftCode.records({ pageNo, pageSize: PAGE_SIZE });

export const giftCodeRecordsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.giftCodeRecords,
    queryFn: ({ pageParam }) => getGiftCodeRecords(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useGiftCodeRecords = () => useInfiniteQuery(giftCodeRecordsQueryOptions());

/** POST /app/giftCode/redeem, with an Idempotency-Key. */
export const redeemGiftCode = ({ code, idempotencyKey }: { code: string; idempotencyKey: string }) =>
  api.giftCode.redeem({ code }, { idempotencyKey });

export function useRedeemGiftCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemGiftCode,
    onSuccess: () =>
      Promise.all(
        [queryKeys.giftCodeRecords, queryKeys.userInfo, queryKeys.assetRecords].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
