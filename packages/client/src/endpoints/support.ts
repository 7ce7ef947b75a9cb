import type { SupportMessageView, SupportThread, SupportUnread } from '@prism/domain';
import type { HttpClient } from '../http';

/** The support chat: the signed-in player's own conversation (live updates: subscribeSupportEvents). */
export function supportEndpoints(http: HttpClient) {
  return {
    support: {
      messages: (query: { before?: number; limit?: number } = {}) => http.get<SupportThread>('/app/support/messages', query),
      send: (form: { text: string; attachmentUrl?: string }) => http.post<SupportMessageView>('/app/support/send', form),
      read: (form: { upTo?: number } = {}) => http.post<SupportUnread>('/app/support/read', form),
      unread: () => http.get<SupportUnread>('/app/support/unread'),
    },
  };
}
