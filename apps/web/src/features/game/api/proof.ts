import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/game/luckyLottery/sessionDetail?periodId=: one session with its seed, beacon and place in its chain. */
export const getSessionProof = (periodId: string) => api.game.sessionDetail(periodId);

export const sessionProofQueryOptions = (periodId: string) =>
  queryOptions({ queryKey: queryKeys.gameProof(periodId), queryFn: () => getSessionProof(periodId), staleTime: 60_000 });

export const useSessionProof = (periodId: string | undefined) =>
  useQuery({ ...sessionProofQueryOptions(periodId ?? ''), enabled: Boolean(periodId) });
