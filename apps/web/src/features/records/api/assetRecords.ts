import { type Asset, PAGE_SIZE } from '@prism/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/user/account/findUserAccountRecordPage: money in (+) and out (-), newest first, optionally of one coin. */
export const getAssetRecords = (pageNo: number, coin: Asset | undefined) =>
  api.wallet.findUserAccountRecordPage({ pageNo, pageSize: PAGE_SIZE, ...(coin ? { coin } : {}) });

export const assetRecordsQueryOptions = (coin: Asset | undefined) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.assetRecords, coin ?? 'ALL'],
    queryFn: ({ pageParam }) => getAssetRecords(pageParam, coin),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useAssetRecords = (coin: Asset | undefined) => useInfiniteQuery(assetRecordsQueryOptions(coin));
