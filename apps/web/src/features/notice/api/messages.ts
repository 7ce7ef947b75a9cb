import { PAGE_SIZE } from '@prism/domain';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';
import { useHasToken } from '../../../lib/token';

/** GET /app/sysMessage/findUserMsgList: the user's system messages, newest first, and how many are unread. */
export const getMessages = (pageNo: number) => api.sysMessage.findUserMsgList({ pageNo, pageSize: PAGE_SIZE });

export const messagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.messages, 'list'],
    queryFn: ({ pageParam }) => getMessages(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useMessages = () => useInfiniteQuery(messagesQueryOptions());

/** The unread count alone (the first page answers it), for a badge on the menu. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.messages, 'unread'],
    queryFn: () => api.sysMessage.findUserMsgList({ pageNo: 1, pageSize: 1 }).then((page) => page.unread),
  });

export const useUnreadCount = () => useQuery({ ...unreadQueryOptions(), enabled: useHasToken() });

/** GET /app/sysMessage/get. */
export const getMessage = (id: number) => api.sysMessage.get(id);

export const messageQueryOptions = (id: number) => queryOptions({ queryKey: queryKeys.message(id), queryFn: () => getMessage(id) });

export const useMessage = (id: number) => useQuery({ ...messageQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });

/** POST /app/sysMessage/readMsg: marks it read (the list's marker and the unread count change). */
export const readMessage = (id: number) => api.sysMessage.readMsg(id);

export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readMessage,
    onSuccess: () =>
      Promise.all(
        [
          [...queryKeys.messages, 'list'],
          [...queryKeys.messages, 'unread'],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
