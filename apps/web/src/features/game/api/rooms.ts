import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/game/luckyLottery/getLevelList: the rooms with their bet lists, timing, odds and return to player. */
export const getGameRooms = () => api.game.getLevelList();

export const gameRoomsQueryOptions = () => queryOptions({ queryKey: queryKeys.gameLevels, queryFn: getGameRooms, staleTime: 5 * 60_000 });

export const useGameRooms = () => useQuery(gameRoomsQueryOptions());
