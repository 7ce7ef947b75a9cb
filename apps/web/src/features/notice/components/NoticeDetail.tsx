import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/QueryView';
import '../../../lib/messages';
import { formatDateTime } from '../../../lib/datetime';
import { useMessage, useReadMessage } from '../api/messages';

/** /pages/notice/noticeDetail/noticeDetail?id=: one message; opening it marks it read. */
export function NoticeDetail({ id }: { id: number }) {
  const { t: tm } = useTranslation('msg');
  const message = useMessage(id);
  const read = useReadMessage();
  const marked = useRef(false);
  const unread = message.data && !message.data.read;

  useEffect(() => {
    if (!unread || marked.current) return;
    marked.current = true;
    read.mutate(id);
  }, [unread, id, read]);

  if (!Number.isInteger(id) || id <= 0) return <p className="muted">{tm('NOT_FOUND')}</p>;
  return (
    <QueryView query={message}>
      {(found) => (
        <article className="card stack" data-testid="notice-detail">
          <h2 className="notice-title">{found.title}</h2>
          <p className="muted">{formatDateTime(found.createDateTime)}</p>
          <p className="notice-content">{found.content}</p>
        </article>
      )}
    </QueryView>
  );
}
