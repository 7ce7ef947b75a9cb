import { type Permission, SUPPORT_TEXT_MAX, type SupportAdminMessageView } from '@prism/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { when } from '../../lib/form';
import { useCan } from '../../lib/session';
import { useConversation, useMarkRead, useReply } from './api';

/** One conversation: every message (kept for good), marked read when shown, and the reply box. */
export function ConversationPage() {
  const t = useT();
  const id = Number(useParams().id);
  const thread = useConversation(id);
  const markRead = useMarkRead(id);
  const unread = thread.data?.unread ?? 0;
  const { mutate: markAllRead } = markRead;
  useEffect(() => {
    if (unread > 0) markAllRead(undefined);
  }, [unread, markAllRead]);

  return (
    <>
      <p>
        <Link to="/support">{t('support.back')}</Link>
      </p>
      <h1>{t('support.conversation', { id: thread.data?.userId ?? '…' })}</h1>
      {thread.error ? <p className="admin-error">{formErrors(thread.error).message}</p> : null}
      {thread.isPending ? <p>{t('app.loading')}</p> : null}
      {thread.data && thread.data.messages.length === 0 ? <p className="admin-muted">{t('support.noMessages')}</p> : null}
      <ol className="admin-support-thread" aria-label={t('support.messages')}>
        {thread.data?.messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
      </ol>
      <ReplyBox id={id} />
    </>
  );
}

function Message({ message }: { message: SupportAdminMessageView }) {
  const t = useT();
  const fromPlayer = message.author === 'player';
  return (
    <li className={fromPlayer ? 'admin-support-player' : 'admin-support-operator'} data-testid="admin-support-message">
      <small className="admin-muted">
        {fromPlayer ? t('support.authors.player') : t('support.answeredBy', { login: message.operatorLogin ?? '', via: message.via })} ·{' '}
        {when(message.createdAt)}
      </small>
      {message.attachmentUrl ? (
        <a href={message.attachmentUrl} target="_blank" rel="noreferrer">
          <img src={message.attachmentUrl} alt={t('support.image')} className="admin-support-image" />
        </a>
      ) : null}
      {message.text ? <p dir="auto">{message.text}</p> : null}
    </li>
  );
}

const ANSWER: Permission = 'support.answer';

function ReplyBox({ id }: { id: number }) {
  const t = useT();
  const can = useCan();
  const reply = useReply(id);
  const [text, setText] = useState('');
  if (!can(ANSWER)) return <p className="admin-muted">{t('support.readOnly')}</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    reply.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <form onSubmit={submit} className="admin-support-reply">
      <label htmlFor="support-reply">{t('support.reply')}</label>
      <textarea
        id="support-reply"
        rows={4}
        maxLength={SUPPORT_TEXT_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="admin-support-reply"
      />
      {reply.error ? <p className="admin-error">{formErrors(reply.error).message}</p> : null}
      <div className="admin-actions">
        <button type="submit" className="admin-primary" disabled={reply.isPending || !text.trim()} data-testid="admin-support-send">
          {reply.isPending ? t('support.sending') : t('support.send')}
        </button>
      </div>
    </form>
  );
}
