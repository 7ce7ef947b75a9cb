import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/game/luckyLottery/voidSummary: finished and voided sessions of every room, voids by reason. */
export const useVoidSummary = () => useQuery({ queryKey: queryKeys.gameVoids, queryFn: () => api.game.voidSummary(), staleTime: 60_000 });
