import type { WalletCurrency } from '@prism/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/chargeAndWithdrawConfig/getConfig: the published limits, fee, daily cap and hours of one currency. */
export const getWalletConfig = (currency: WalletCurrency) => api.wallet.getConfig(currency);

export const walletConfigQueryOptions = (currency: WalletCurrency) =>
  queryOptions({ queryKey: queryKeys.walletConfig(currency), queryFn: () => getWalletConfig(currency), staleTime: 60_000 });

export const useWalletConfig = (currency: WalletCurrency) => useQuery(walletConfigQueryOptions(currency));
