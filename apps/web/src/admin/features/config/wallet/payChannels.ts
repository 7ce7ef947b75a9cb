import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api';

/** One pay channel as GET payChannels answers it (every channel, enabled or not). */
export interface PayChannelRow extends Record<string, unknown> {
  id: number;
  payChannelName: string;
  showName: string;
  gateway: string;
  currency: string;
  enabled: boolean;
  sort: number;
  /** Whether this server runs the channel's gateway adapter (players are offered only those). */
  gatewayAvailable: boolean;
  updatedAt: string;
}

export const payChannelsKey = ['config', 'wallet', 'payChannels'] as const;
export const fetchPayChannels = () => adminApi.get<{ list: PayChannelRow[]; gateways: string[] }>('payChannels');
export const payChannelsQuery = queryOptions({ queryKey: payChannelsKey, queryFn: fetchPayChannels });
export const usePayChannels = () => useQuery(payChannelsQuery);
export const savePayChannel = (body: Record<string, string>) => adminApi.post<PayChannelRow>('payChannels', body);
/** The same query, as the list of rows (one request serves both). */
export const usePayChannelList = () => useQuery({ ...payChannelsQuery, select: (data) => data.list });
