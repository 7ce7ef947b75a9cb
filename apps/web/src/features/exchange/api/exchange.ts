import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

export type ExchangeInput = Parameters<typeof api.wallet.exchange>[0];

/** GET /app/user/account/exchangeRates: "to per one from", 8 decimals. */
export const getExchangeRates = () => api.wallet.exchangeRates();

export const exchangeRatesQueryOptions = () => queryOptions({ queryKey: queryKeys.exchangeRates, queryFn: getExchangeRates });

export const useExchangeRates = () => useQuery(exchangeRatesQueryOptions());

/** POST /app/user/account/exchange, with an Idempotency-Key. */
export const exchange = ({ input, idempotencyKey }: { input: ExchangeInput; idempotencyKey: string }) =>
  api.wallet.exchange(input, { idempotencyKey });

export function useExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchange,
    onSuccess: () =>
      Promise.all([queryKeys.userInfo, queryKeys.assetRecords].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
