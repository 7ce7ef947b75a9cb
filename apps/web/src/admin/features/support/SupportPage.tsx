import type { SupportConversationView } from '@prism/domain';
import { Link } from 'react-router-dom';
import { type Column, DataTable } from '../../components/DataTable';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { when } from '../../lib/form';
import { useConversations } from './api';

/** The players' support conversations, unread first. */
export function SupportPage() {
  const t = useT();
  const list = useConversations();
  const columns: Column<SupportConversationView>[] = [
    {
      id: 'player',
      header: t('support.player'),
      cell: (row) => (
        <Link to={`/support/${row.id}`} data-testid="support-conversation">
          {row.nickName || row.phone || `#${row.userId}`}
          <br />
          <small className="admin-muted">{t('support.userId', { id: row.userId })}</small>
        </Link>
      ),
    },
    {
      id: 'last',
      header: t('support.last'),
      cell: (row) => (
        <>
          <small className="admin-muted">{t(`support.authors.${row.lastAuthor}`)}</small> {row.lastText || t('support.imageOnly')}
        </>
      ),
    },
    { id: 'at', header: t('support.at'), cell: (row) => when(row.lastMessageAt) },
    { id: 'unread', header: t('support.unread'), numeric: true, cell: (row) => (row.unread > 0 ? <strong>{row.unread}</strong> : '0') },
  ];
  return (
    <>
      <h1>{t('support.title')}</h1>
      <p className="admin-muted">{t('support.intro')}</p>
      <DataTable
        caption={t('support.caption')}
        columns={columns}
        rows={list.data?.content}
        rowKey={(row) => row.id}
        empty={t('support.empty')}
        error={list.error ? formErrors(list.error).message : undefined}
      />
    </>
  );
}
