import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type ChangeLoginPwdInput = Parameters<typeof api.auth.resetLoginPwd>[0];

/** POST /app/auth/resetLoginPwd with the logged-in user's phone and calling code. */
export const changeLoginPwd = (input: ChangeLoginPwdInput) => api.auth.resetLoginPwd(input);
export const useChangeLoginPwd = () => useMutation({ mutationFn: changeLoginPwd });
