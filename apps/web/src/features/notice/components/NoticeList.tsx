import { routes } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';
import '../../../lib/messages';
import { formatDateTime } from '../../../lib/datetime';
import { useNavigation } from '../../../lib/navigation';
import { useMessages } from '../api/messages';

/** /pages/notice/notice: the user's system messages, newest first, unread ones marked; 'No Message' when there are none. */
export function NoticeList() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const { navigateTo } = useNavigation();
  const messages = useMessages();
  return (
    <section className="card">
      <PagedList query={messages} empty={tm('NO_MESSAGE')} label={t('titles.notice')} testId="notices">
        {(message) => (
          <button
            type="button"
            className="notice"
            onClick={() => navigateTo(`${routes.noticeDetail}?id=${message.id}`)}
            data-testid="notice"
            data-unread={message.read ? undefined : 'true'}
          >
            {!message.read && <span className="unread-dot" role="img" aria-label={t('notice.unread')} />}
            <span className="record-main">
              <span className={message.read ? 'record-title' : 'record-title notice-unread'}>{message.title}</span>
              <span className="muted">{formatDateTime(message.createDateTime)}</span>
            </span>
          </button>
        )}
      </PagedList>
    </section>
  );
}
