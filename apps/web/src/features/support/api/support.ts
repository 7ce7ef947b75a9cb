import { SUPPORT_PAGE_SIZE, type SupportThread, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES_DEFAULT } from '@prism/domain';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';
import { useHasToken } from '../../../lib/token';

const threadKey = [...queryKeys.user, 'support', 'thread'] as const;
const unreadKey = [...queryKeys.user, 'support', 'unread'] as const;

/** GET /app/support/messages: pages from the newest back (a page's `before` is the oldest id of the page after it). */
export const supportThreadOptions = () =>
  infiniteQueryOptions({
    queryKey: threadKey,
    queryFn: ({ pageParam }) => api.support.messages({ limit: SUPPORT_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (page: SupportThread) => (page.hasMore ? page.messages[0]?.id : undefined),
  });

export const useSupportThread = () => useInfiniteQuery(supportThreadOptions());

/** Every loaded message, oldest first. */
export function messagesOf(data: InfiniteData<SupportThread> | undefined) {
  return [...(data?.pages ?? [])].reverse().flatMap((page) => page.messages);
}

/** GET /app/support/unread: answers not read yet (the Personal tab's badge). */
export const useSupportUnread = () =>
  useQuery({
    queryKey: unreadKey,
    queryFn: () => api.support.unread().then((answer) => answer.unread),
    enabled: useHasToken(),
    refetchInterval: 60_000,
  });

/** Why a picked file cannot be sent, before it is uploaded: not an image, or over the size limit. */
export function imageProblem(file: File): 'type' | 'size' | undefined {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > UPLOAD_MAX_BYTES_DEFAULT) return 'size';
  return undefined;
}

/** POST file/upload (an attached image), then POST /app/support/send with its URL. */
export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, image }: { text: string; image?: File | undefined }) => {
      const attachmentUrl = image ? (await api.file.upload(image, image.name || 'image')).url : undefined;
      return api.support.send({ text, ...(attachmentUrl ? { attachmentUrl } : {}) });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKey }),
  });
}

/** A new message arrived (live): the newest page again. */
export function useRefreshSupport() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: threadKey });
}

/** POST /app/support/read: every answer shown is read; the badge follows. */
export function useMarkSupportRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.support.read(),
    onSuccess: (answer) => queryClient.setQueryData(unreadKey, answer.unread),
  });
}
