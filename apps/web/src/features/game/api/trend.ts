import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/game/luckyLottery/trend?level=: the room's last 100 settled draws and their statistics (public). */
export const getGameTrend = (level: number) => api.game.trend(level);

export const gameTrendQueryOptions = (level: number) =>
  queryOptions({ queryKey: queryKeys.gameTrend(level), queryFn: () => getGameTrend(level) });

export const useGameTrend = (level: number) => useQuery(gameTrendQueryOptions(level));
