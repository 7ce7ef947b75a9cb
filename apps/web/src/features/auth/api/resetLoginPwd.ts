import { useAction } from '../../../lib/action';
import { api } from '../../../lib/api';

export type ResetLoginPwdInput = Parameters<typeof api.auth.resetLoginPwd>[0];

/** POST /app/auth/resetLoginPwd: the forgot-password panel. */
export const resetLoginPwd = (input: ResetLoginPwdInput) => api.auth.resetLoginPwd(input);
export const useResetLoginPwd = () => useAction(resetLoginPwd);
