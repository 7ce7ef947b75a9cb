import { GAME_PAGE_SIZE } from '@prism/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/game/luckyLottery/sessionResultPage: the room's finished sessions, newest first, with their proofs. */
export const getGameResults = (level: number, pageNo: number) => api.game.sessionResultPage({ level, pageNo, pageSize: GAME_PAGE_SIZE });

export const gameResultsQueryOptions = (level: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.gameResults(level),
    queryFn: ({ pageParam }) => getGameResults(level, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** `pollMs`: while live events are down, the results are polled too, so a settlement is still seen. */
export const useGameResults = (level: number | undefined, pollMs: number | false) =>
  useInfiniteQuery({ ...gameResultsQueryOptions(level ?? 0), enabled: level !== undefined, refetchInterval: pollMs });
