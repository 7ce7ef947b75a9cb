import type { Paged, SupportAdminMessageView, SupportConversationView, SupportThread } from '@prism/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/api';

export type AdminThread = SupportThread<SupportAdminMessageView> & { userId: number };

/** Asked again this often while a page is open: the console has no live stream (the players' stream is theirs). */
const REFRESH_MS = 10_000;

/** GET support/conversations: unread first, then the latest. */
export const conversationsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'support', 'list'],
    queryFn: () => adminApi.get<Paged<SupportConversationView>>('support/conversations', { pageSize: 100 }),
    refetchInterval: REFRESH_MS,
  });
export const useConversations = () => useQuery(conversationsQuery());

/** GET support/conversations/:id: the newest 100 messages. */
export const useConversation = (id: number) =>
  useQuery({
    queryKey: ['admin', 'support', 'conversation', id],
    queryFn: () => adminApi.get<AdminThread>(`support/conversations/${id}`, { limit: 100 }),
    refetchInterval: REFRESH_MS,
  });

function useSupportMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'support'] }) });
}

/** POST support/conversations/:id/reply (support.answer; audited as support.reply). */
export const useReply = (id: number) =>
  useSupportMutation((text: string) => adminApi.post<SupportAdminMessageView>(`support/conversations/${id}/reply`, { text }));

/** POST support/conversations/:id/read: the player's messages shown are read. */
export const useMarkRead = (id: number) =>
  useSupportMutation(() => adminApi.post<{ unread: number }>(`support/conversations/${id}/read`, {}));
