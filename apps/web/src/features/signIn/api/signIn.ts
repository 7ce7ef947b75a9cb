import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { takeEarly } from '../../../lib/early';
import { queryKeys } from '../../../lib/queryClient';

/** POST /app/signIn/signStatus: today's state and the streak's week. */
export const getSignInStatus = () => api.signIn.signStatus();

/** The first ask takes the answer main.tsx requested early for the home page (lib/early.ts), if any. */
export const signInStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.signInStatus, queryFn: () => takeEarly('signInStatus', getSignInStatus) });

export const useSignInStatus = () => useQuery(signInStatusQueryOptions());

/** POST /app/signIn/signIn, with an Idempotency-Key (a retry after a lost answer is paid once). */
export const signIn = ({ idempotencyKey }: { idempotencyKey: string }) => api.signIn.signIn({ idempotencyKey });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.signInStatus, result);
      return Promise.all([queryKeys.userInfo, queryKeys.assetRecords].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    // A refusal (already signed, maybe in another tab) means the shown state is stale.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.signInStatus }),
  });
}
