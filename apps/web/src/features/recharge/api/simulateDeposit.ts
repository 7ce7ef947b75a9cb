import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

export type SimulateDepositInput = Parameters<typeof api.recharge.simulateDeposit>[0];

/** POST /app/user/recharge/simulateDeposit (play-money mode only): a demo deposit to the user's own address. */
export const simulateDeposit = ({ input, idempotencyKey }: { input: SimulateDepositInput; idempotencyKey: string }) =>
  api.recharge.simulateDeposit(input, { idempotencyKey });

/** The balance, the records and the notices all change when the deposit is credited. */
export function useSimulateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateDeposit,
    onSuccess: () =>
      Promise.all(
        [queryKeys.userInfo, queryKeys.rechargeTasks, queryKeys.assetRecords, queryKeys.messages].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
