import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** POST file/upload (multipart), then modifyUserBaseInfo({ headUrl }) with the stored picture's URL. */
export async function uploadAvatar(file: File) {
  const uploaded = await api.file.upload(file, file.name || 'avatar');
  return api.user.modifyUserBaseInfo({ headUrl: uploaded.url });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.userInfo, user),
  });
}
