import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** POST /app/payChannel/list: the enabled CASH channels, in display order (`demo` = play money). */
export const getPayChannels = () => api.recharge.payChannelList();

export const payChannelsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.payChannels, queryFn: getPayChannels, staleTime: 5 * 60_000 });

export const usePayChannels = () => useQuery(payChannelsQueryOptions());
