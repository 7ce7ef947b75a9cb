import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

export type BetInput = Parameters<typeof api.game.betting>[0];

/** POST /app/game/luckyLottery/betting with an Idempotency-Key: the stake is debited at once; 'Error Session' after the cut-off. */
export const placeBet = ({ input, idempotencyKey }: { input: BetInput; idempotencyKey: string }) =>
  api.game.betting(input, { idempotencyKey });

/** After a bet: the balance and the room's records change. */
export function usePlaceBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBet,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.userInfo }),
        queryClient.invalidateQueries({ queryKey: ['user', 'gameRecords'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.assetRecords }),
        queryClient.invalidateQueries({ queryKey: queryKeys.realityCheck }),
      ]),
  });
}
