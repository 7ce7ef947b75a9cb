import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';
import { useHasToken } from '../../../lib/token';

export type BankCardInput = Parameters<typeof api.userBank.save>[0];

/** POST /app/userBank/list: the user's bank cards, numbers masked. */
export const getBankCards = () => api.userBank.list();

export const bankCardsQueryOptions = () => queryOptions({ queryKey: queryKeys.bankCards, queryFn: getBankCards });

export const useBankCards = () => useQuery({ ...bankCardsQueryOptions(), enabled: useHasToken() });

/** POST /app/userBank/save: adds a card, or edits one when `id` is given ('Successfully Bound'). */
export const saveBankCard = (input: BankCardInput) => api.userBank.save(input);

/** POST /app/userBank/remove. */
export const removeBankCard = (id: number) => api.userBank.remove(id);

function useRefreshCards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.bankCards });
}

export function useSaveBankCard() {
  const refresh = useRefreshCards();
  return useMutation({ mutationFn: saveBankCard, onSuccess: refresh });
}

export function useRemoveBankCard() {
  const refresh = useRefreshCards();
  return useMutation({ mutationFn: removeBankCard, onSuccess: refresh });
}
