import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './queryClient';

/** Public system configuration (COUNTRY_CODE, DEMO_MODE, ...): read-mostly, so cached for 10 minutes. */
export const sysCfgQueryOptions = (key: string) =>
  queryOptions({
    queryKey: queryKeys.config(key),
    queryFn: () => api.config.getSysCfgValue(key),
    staleTime: 10 * 60_000,
  });

export const useSysCfgValue = (key: string) => useQuery(sysCfgQueryOptions(key));

/** Play-money mode (DESIGN 10): the UI says "demo" where money comes in. */
export function useDemoMode(): boolean {
  return useSysCfgValue('DEMO_MODE').data === 'true';
}

/** "91, 1,44" -> ['91', '1', '44']: the calling codes offered at registration, the first being the default. */
export function parseCountryCodes(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((code) => code.trim().replace(/^\+/, ''))
    .filter((code) => /^\d{1,4}$/.test(code));
}
