import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';
import { useHasToken } from '../../../lib/token';

export type BindWalletInput = Parameters<typeof api.userWallet.bind>[0];

/** GET /app/user/wallet/list: the user's withdrawal address per USDT network (bound or not). */
export const getWallets = () => api.userWallet.list();

export const walletsQueryOptions = () => queryOptions({ queryKey: queryKeys.wallets, queryFn: getWallets });

export const useWallets = () => useQuery({ ...walletsQueryOptions(), enabled: useHasToken() });

/** POST /app/user/wallet/bind: binds (or replaces) the address of a network ('Successfully Bound'). */
export const bindWallet = (input: BindWalletInput) => api.userWallet.bind(input);

export function useBindWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindWallet,
    onSuccess: () => Promise.all([queryKeys.wallets, queryKeys.userInfo].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
