import type { MyDataFormat } from '@prism/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Under the user's keys, so a logout forgets it. */
const deletableKey = ['user', 'myData', 'deletable'] as const;

/** GET /app/user/myData/deletable: whether the account can be deleted now, and every reason it cannot. */
export const useDeletable = () => useQuery({ queryKey: deletableKey, queryFn: () => api.myData.deletable() });

/** Saves a downloaded file on the device (an object URL for a moment, as a link the browser downloads). */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the URL is freed after it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads the export in one format and saves it; answers the file's name. */
export const useDownloadMyData = () =>
  useMutation({
    mutationFn: async (format: MyDataFormat) => {
      const file = await api.myData.download(format);
      saveFile(file.blob, file.fileName);
      return file.fileName;
    },
  });

/** POST /app/user/myData/delete; a refusal re-reads the reasons (money may have moved since the page opened). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: { password: string; confirmation: string }) => api.myData.remove(form),
    onError: () => void queryClient.invalidateQueries({ queryKey: deletableKey }),
  });
}
