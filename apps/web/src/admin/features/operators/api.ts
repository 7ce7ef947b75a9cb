import { OPERATOR_ROLES, type OperatorRole } from '@prism/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/api';

export { OPERATOR_ROLES, type OperatorRole };

/** A row of GET operators. */
export interface Operator {
  id: number;
  login: string;
  role: OperatorRole;
  status: 'active' | 'disabled' | 'pending';
  telegramId: string | null;
  createdAt: string;
  lastSignInAt: string | null;
}

export const listOperators = () => adminApi.get<Operator[]>('operators');
export const operatorsQuery = () => queryOptions({ queryKey: ['admin', 'operators'], queryFn: listOperators });
export const useOperators = () => useQuery(operatorsQuery());

/** POST operators: a new operator with a one-time setup link to hand over. */
export const createOperator = (input: { login: string; role: string; telegramId?: string }) =>
  adminApi.post<{ id: number; login: string; role: OperatorRole; setupUrl: string }>('operators', { ...input });

/** POST operators/:id: role, status or Telegram id. */
export const updateOperator = ({ id, ...change }: { id: number; role?: string; status?: 'active' | 'disabled'; telegramId?: string }) =>
  adminApi.post<unknown>(`operators/${id}`, { ...change });

/** POST operators/:id/signOut: every session and API token of the operator ends. */
export const signOutOperator = (id: number) => adminApi.post<unknown>(`operators/${id}/signOut`);

/** POST operators/:id/resetSetup: a lost authenticator; the old sign-in ends and a new setup link is issued. */
export const resetOperatorSetup = (id: number) => adminApi.post<{ setupUrl: string }>(`operators/${id}/resetSetup`);

function useOperatorMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsQuery().queryKey }) });
}
export const useCreateOperator = () => useOperatorMutation(createOperator);
export const useUpdateOperator = () => useOperatorMutation(updateOperator);
export const useSignOutOperator = () => useOperatorMutation(signOutOperator);
export const useResetOperatorSetup = () => useOperatorMutation(resetOperatorSetup);

/** The setup link as the operator opens it: the server may answer a path (/admin/setup/<token>). */
export function absoluteLink(url: string, origin: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}
