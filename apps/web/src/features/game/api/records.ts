import { GAME_PAGE_SIZE } from '@prism/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';
import { useHasToken } from '../../../lib/token';

/**
 * GET /app/game/luckyLottery/userLotteryRecordPage: the user's bets in one room, newest first,
 * in every coin (each record names its coin), so the result popup sees every bet of a session.
 */
export const getGameRecords = (level: number, pageNo: number) =>
  api.game.userLotteryRecordPage({ level, pageNo, pageSize: GAME_PAGE_SIZE });

export const gameRecordsQueryOptions = (level: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.gameRecords(level),
    queryFn: ({ pageParam }) => getGameRecords(level, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export function useGameRecords(level: number | undefined) {
  const loggedIn = useHasToken();
  return useInfiniteQuery({ ...gameRecordsQueryOptions(level ?? 0), enabled: level !== undefined && loggedIn });
}
