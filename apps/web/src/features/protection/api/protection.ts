import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/protection/settings: exclusion, limits in force and pending, used amounts, reality-check interval. */
export const useProtectionSettings = () => useQuery({ queryKey: queryKeys.protection, queryFn: () => api.protection.settings() });

/** Every change answers the new settings: put them in the cache. */
function useSettingsMutation<T>(call: (input: T) => ReturnType<typeof api.protection.settings>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (settings) => queryClient.setQueryData(queryKeys.protection, settings) });
}

export const useExclude = () => useSettingsMutation((form: { period?: string; until?: string }) => api.protection.exclude(form));
export const useSetLimits = () => useSettingsMutation((form: { day: string; week: string; month: string }) => api.protection.limits(form));
export const useSetRealityInterval = () => useSettingsMutation((minutes: number) => api.protection.realityInterval({ minutes }));

/** The reality check, polled each minute while the game is open (and after each bet). */
export const useRealityCheck = () =>
  useQuery({ queryKey: queryKeys.realityCheck, queryFn: () => api.protection.realityCheck(), refetchInterval: 60_000 });

export function useAcknowledgeRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.protection.acknowledge(),
    onSuccess: (check) => queryClient.setQueryData(queryKeys.realityCheck, check),
  });
}

/**
 * The reality check's "stop for today": a 24-hour self-exclusion (the same as the screen's),
 * the check acknowledged; answers the new settings.
 */
export function useStopForToday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.protection.stopForToday(),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.protection, settings);
      return queryClient.invalidateQueries({ queryKey: queryKeys.realityCheck });
    },
  });
}
