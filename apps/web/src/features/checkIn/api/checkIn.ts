import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { takeEarly } from '../../../lib/early';
import { queryKeys } from '../../../lib/queryClient';

/** POST /app/signIn/signStatus: today's state and the streak's week. */
export const getCheckInStatus = () => api.signIn.signStatus();

/** The first ask takes the answer main.tsx requested early for the home page (lib/early.ts), if any. */
export const checkInStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.checkInStatus, queryFn: () => takeEarly('checkInStatus', getCheckInStatus) });

export const useCheckInStatus = () => useQuery(checkInStatusQueryOptions());

/** POST /app/signIn/signIn, with an Idempotency-Key (a retry after a lost answer is paid once). */
export const checkIn = ({ idempotencyKey }: { idempotencyKey: string }) => api.signIn.signIn({ idempotencyKey });

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.checkInStatus, result);
      return Promise.all([queryKeys.userInfo, queryKeys.assetRecords].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    // A refusal (already signed, maybe in another tab) means the shown state is stale.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.checkInStatus }),
  });
}
