import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/api';
import { type Me, meQuery } from '../../lib/session';

/** POST auth/login: sets the session and CSRF cookies. */
export interface LoginInput {
  login: string;
  password: string;
  /** A 6-digit TOTP code or a recovery code. */
  code: string;
}
export const login = (input: LoginInput) =>
  adminApi.post<{ operator: Pick<Me, 'id' | 'login' | 'role' | 'permissions'> }>('auth/login', { ...input });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // The next page asks auth/me again (it carries via and the Telegram id too).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery().queryKey }),
  });
}

/** GET auth/setup?token=: what the setup link is for, and the authenticator's secret. */
export interface SetupInfo {
  login: string;
  role: string;
  otpauthUrl: string;
  secret: string;
}
export const getSetup = (token: string) => adminApi.get<SetupInfo>('auth/setup', { token });
export const setupQuery = (token: string) =>
  queryOptions({
    queryKey: ['admin', 'auth', 'setup', token],
    queryFn: () => getSetup(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useSetupInfo = (token: string) => useQuery(setupQuery(token));

/** POST auth/setup: the password and the first code; answers the recovery codes, once. */
export const completeSetup = (input: { token: string; password: string; code: string }) =>
  adminApi.post<{ recoveryCodes: string[] }>('auth/setup', { ...input });
export const useCompleteSetup = () => useMutation({ mutationFn: completeSetup });
