import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** POST /app/taping/tapingV2 with count 0: the energy and today's taps (always encrypted). */
export const getTapState = () => api.taping.tapingV2({ count: 0 });

export const tapStateQueryOptions = () => queryOptions({ queryKey: queryKeys.tapState, queryFn: getTapState, staleTime: 0 });

export const useTapState = () => useQuery(tapStateQueryOptions());

/** POST /app/taping/tapingV2: one batch of taps under the client's batch id (a resend counts once). */
export const sendTapBatch = (batch: { count: number; batchId: string }) => api.taping.tapingV2(batch);
