import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

export type BaseInfoChange = Parameters<typeof api.user.modifyUserBaseInfo>[0];

/** POST /app/user/modifyUserBaseInfo; the answer is the new user info, which replaces the cached one. */
export const modifyUserBaseInfo = (change: BaseInfoChange) => api.user.modifyUserBaseInfo(change);

export function useModifyUserBaseInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyUserBaseInfo,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.userInfo, user),
  });
}
