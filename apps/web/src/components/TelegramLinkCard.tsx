import type { TelegramLinkToken, UserInfo } from '@prism/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';
import { useDemoMode, useDevOutbox } from '../lib/config';
import { requestTelegramLink, telegramLinkState } from '../lib/telegramLink';
import { toastError } from '../lib/toast';
import { userInfoQueryOptions } from '../lib/userInfo';
import { Card } from './Card';
import { CopyButton } from './CopyButton';

/** How often the app asks whether the bot has linked the account yet, while a link is out. */
const POLL_MS = 2_000;

/**
 * Linking Telegram from a browser (withdrawal codes go to the user's Telegram
 * chat): a one-time deep link into the bot, as a button and to copy; the
 * user presses Start there and this card sees the link happen by refetching
 * the user. Renders nothing for a user who is already linked with a username.
 */
export function TelegramLinkCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  // The sandbox's way to press Start (an ops command) exists only where the developer outbox does.
  const demo = useDemoMode();
  const devOutbox = useDevOutbox();
  const sandbox = demo && devOutbox;
  const [link, setLink] = useState<TelegramLinkToken>();
  const [pending, setPending] = useState(false);
  const [expired, setExpired] = useState(false);
  const state = telegramLinkState(user);
  const waiting = link !== undefined && !expired && state !== 'ready';
  // The token dies after expiresIn: stop asking and offer a new link.
  useEffect(() => {
    if (!link) return;
    setExpired(false);
    const timer = setTimeout(() => setExpired(true), link.expiresIn * 1000);
    return () => clearTimeout(timer);
  }, [link]);
  // Shares the user query's cache, so every screen showing the user updates when the link happens.
  useQuery({ ...userInfoQueryOptions(), enabled: waiting, refetchInterval: waiting ? POLL_MS : false });

  if (state === 'ready') {
    if (!link) return null;
    return (
      <p className="note" role="status" data-testid="telegram-linked">
        {t('telegramLink.done', { username: user.telegramUsername })}
      </p>
    );
  }

  const create = async () => {
    setPending(true);
    try {
      setLink(await requestTelegramLink());
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card title={t('telegramLink.title')} className="telegram-link">
      <p className="muted">{state === 'noUsername' ? t('telegramLink.noUsername') : t('telegramLink.why')}</p>
      {link && !expired && <LinkSteps link={link} />}
      {expired && <p className="muted">{t('telegramLink.expired')}</p>}
      {link && !expired && sandbox && (
        <p className="note note-demo" data-testid="telegram-link-sandbox">
          {t('telegramLink.sandbox')}
        </p>
      )}
      <button
        type="button"
        className={link ? 'btn btn-ghost' : 'btn btn-primary'}
        onClick={() => void create()}
        disabled={pending}
        data-testid="telegram-link-create"
      >
        {link ? t('telegramLink.again') : t('telegramLink.create')}
      </button>
    </Card>
  );
}

/** The deep link (or, when the server does not know its bot's username, the message to send the bot). */
function LinkSteps({ link }: { link: TelegramLinkToken }) {
  const { t } = useTranslation();
  const minutes = Math.round(link.expiresIn / 60);
  const command = `/start ${link.payload}`;
  return (
    <div className="stack">
      {link.link ? (
        <>
          <p>{t('telegramLink.steps', { minutes })}</p>
          <div className="copy-row">
            <a className="btn btn-primary" href={link.link} target="_blank" rel="noreferrer" data-testid="telegram-link-open">
              {t('telegramLink.open')}
            </a>
            <CopyButton text={link.link} label={t('telegramLink.copy')} testId="telegram-link-copy" />
          </div>
          <span className="copy-link" data-testid="telegram-link-url">
            {link.link}
          </span>
        </>
      ) : (
        <>
          <p>{t('telegramLink.send')}</p>
          <div className="copy-row">
            <code data-testid="telegram-link-command">{command}</code>
            <CopyButton text={command} label={t('telegramLink.copy')} testId="telegram-link-copy" />
          </div>
        </>
      )}
      <p className="muted" role="status">
        {t('telegramLink.waiting')}
      </p>
    </div>
  );
}
