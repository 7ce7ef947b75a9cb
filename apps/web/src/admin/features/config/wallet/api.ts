import type { WalletConfig } from '@prism/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api';

/** One currency's recharge and withdrawal configuration as GET wallet/config answers it: the players' view, the four-eyes amount and the stamp. */
export type WalletConfigRow = WalletConfig & { updatedAt: string; secondApprovalAbove: string };

export interface RateRow extends Record<string, unknown> {
  fromCoin: string;
  toCoin: string;
  rate: string;
  enabled: boolean;
  updatedAt: string;
}

export const walletKey = ['config', 'wallet'] as const;
export const fetchWalletConfig = (currency: string) => adminApi.get<WalletConfigRow>('wallet/config', { currency });
export const walletConfigQuery = (currency: string) =>
  queryOptions({ queryKey: [...walletKey, 'config', currency], queryFn: () => fetchWalletConfig(currency) });
export const useWalletConfig = (currency: string) => useQuery(walletConfigQuery(currency));

export const fetchRates = () => adminApi.get<RateRow[]>('wallet/rates');
export const ratesQuery = queryOptions({ queryKey: [...walletKey, 'rates'], queryFn: fetchRates });
export const useRates = () => useQuery(ratesQuery);

/**
 * POST wallet/config changes one field per call, so a form's changes go one after another, each
 * with the stamp the previous answer gave: the first refused (stale) stops the rest.
 */
export async function saveWalletConfig(body: Record<string, string>): Promise<WalletConfigRow | undefined> {
  const { currency = '', expectedUpdatedAt, ...changes } = body;
  let stamp = expectedUpdatedAt;
  let last: WalletConfigRow | undefined;
  for (const [field, value] of Object.entries(changes)) {
    last = await adminApi.post<WalletConfigRow>('wallet/config', {
      currency,
      field,
      value,
      ...(stamp ? { expectedUpdatedAt: stamp } : {}),
    });
    stamp = last.updatedAt;
  }
  return last;
}

export const saveRate = (body: Record<string, string>) => adminApi.post<RateRow>('wallet/rate', body);
