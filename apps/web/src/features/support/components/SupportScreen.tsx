import '../support.css';
import type { SupportMessageView } from '@prism/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageLoading } from '../../../components/PageLoading';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/datetime';
import { messagesOf, useMarkSupportRead, useRefreshSupport, useSupportThread } from '../api/support';
import { useSupportEvents } from '../live';
import { SupportComposer } from './SupportComposer';

/** Personal -> Support chat: the player's conversation with support, live, and the composer. */
export function SupportScreen() {
  const { t } = useTranslation();
  const thread = useSupportThread();
  const refresh = useRefreshSupport();
  const markRead = useMarkSupportRead();
  const { live } = useSupportEvents(() => void refresh());
  const messages = messagesOf(thread.data);
  const newest = messages.at(-1);
  const unread = thread.data?.pages[0]?.unread ?? 0;
  const { mutate: markAllRead } = markRead;

  // What is on screen is read: the answers shown clear the badge.
  useEffect(() => {
    if (unread > 0) markAllRead();
  }, [unread, markAllRead]);

  // Without the stream (it broke, and is being retried), ask now and then.
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => void refresh(), 10_000);
    return () => clearInterval(timer);
  }, [live, refresh]);

  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (newest) end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);

  return (
    <div className="support-screen" data-testid="support-screen">
      <section className="support-thread" aria-label={t('support.conversation')} aria-live="polite" aria-busy={thread.isFetching}>
        {thread.isPending ? (
          <PageLoading />
        ) : thread.isError ? (
          <ErrorBlock message={errorMessage(thread.error)} onRetry={() => void thread.refetch()} />
        ) : messages.length === 0 ? (
          <EmptyState message={t('support.empty')} />
        ) : (
          <>
            {thread.hasNextPage && (
              <button
                type="button"
                className="btn btn-ghost btn-small support-older"
                onClick={() => void thread.fetchNextPage()}
                disabled={thread.isFetchingNextPage}
              >
                {t('support.older')}
              </button>
            )}
            <ol className="support-messages">
              {messages.map((message) => (
                <Bubble key={message.id} message={message} />
              ))}
            </ol>
          </>
        )}
        <div ref={end} />
      </section>
      <SupportComposer />
    </div>
  );
}

function Bubble({ message }: { message: SupportMessageView }) {
  const { t } = useTranslation();
  const own = message.author === 'player';
  return (
    <li className={`support-bubble ${own ? 'support-own' : 'support-theirs'}`} data-testid={own ? 'support-own' : 'support-theirs'}>
      <span className="visually-hidden">{own ? t('support.you') : t('support.agent')}</span>
      {message.attachmentUrl && (
        <a href={message.attachmentUrl} target="_blank" rel="noreferrer" className="support-image-link">
          <img src={message.attachmentUrl} alt={t('support.image')} className="support-image" loading="lazy" />
        </a>
      )}
      {message.text && (
        <p className="support-text" dir="auto">
          {message.text}
        </p>
      )}
      <time className="support-time" dateTime={message.createdAt}>
        {formatDateTime(message.createdAt)}
      </time>
    </li>
  );
}
