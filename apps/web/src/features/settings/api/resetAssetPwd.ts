import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

export type ResetAssetPwdInput = Parameters<typeof api.user.resetAssetPwd>[0];

/** POST /app/user/resetAssetPwd: sets the 6-digit payment password (user info's hasAssetPassword changes). */
export const resetAssetPwd = (input: ResetAssetPwdInput) => api.user.resetAssetPwd(input);

export function useResetAssetPwd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetAssetPwd, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userInfo }) });
}
