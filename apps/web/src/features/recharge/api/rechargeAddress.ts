import type { UsdtNetwork } from '@prism/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** POST /app/wallet/getRecharge: the user's deposit address on one network, with its rules. */
export const getRechargeAddress = (network: UsdtNetwork) => api.recharge.getRecharge(network);

export const rechargeAddressQueryOptions = (network: UsdtNetwork) =>
  queryOptions({ queryKey: queryKeys.rechargeAddress(network), queryFn: () => getRechargeAddress(network), staleTime: 10 * 60_000 });

export const useRechargeAddress = (network: UsdtNetwork) => useQuery(rechargeAddressQueryOptions(network));
