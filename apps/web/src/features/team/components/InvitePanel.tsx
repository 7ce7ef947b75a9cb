import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../../components/AppIcon';
import { Card } from '../../../components/Card';
import { errorMessage } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { canSharePreparedInApp, sharePreparedInApp } from '../../../lib/telegram';
import { useThrottled } from '../../../lib/throttle';
import { toast, toastError } from '../../../lib/toast';
import { usePrepareInvite } from '../api/prepareInvite';
import { shareInvite } from '../share';

// The QR library loads with the first screen that draws a code (the recharge page has the same component).
const QrCode = lazy(() => import('../../../components/QrCode'));

/** The server answers a relative link when it has no PUBLIC_URL: complete it with the address the app was opened at. */
export function absoluteLink(link: string, origin: string): string {
  return /^https?:\/\//.test(link) ? link : new URL(link, origin).toString();
}

/** A labelled value and a button that copies `text`; `copyLabel` names the button for screen readers. */
function CopyRow({ label, text, copyLabel, children }: { label: string; text: string; copyLabel: string; children: ReactNode }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(text)) toast(t('common.copySuccess'));
  };
  return (
    <div className="copy-row">
      <div className="copy-text">
        <span className="muted">{label}</span>
        {children}
      </div>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => void copy()} aria-label={copyLabel}>
        <AppIcon name="copy" /> {t('common.copy')}
      </button>
    </div>
  );
}

/**
 * "Send with the app button": the bot prepares the invitation as a message with a button that
 * opens the Mini App (contract 1), and Telegram's chat picker sends it (shareMessage, Bot API 8.0).
 * Only inside a Telegram client that can, for a user whose account is linked to Telegram.
 */
function SendPreparedButton() {
  const { t } = useTranslation();
  const prepare = usePrepareInvite();
  const send = useThrottled(async () => {
    let id: string;
    try {
      id = (await prepare.mutateAsync()).preparedMessageId;
    } catch (error) {
      toastError(errorMessage(error));
      return;
    }
    try {
      if (await sharePreparedInApp(id)) toast(t('team.inviteSent'));
    } catch {
      // The user closed Telegram's chat picker, or Telegram could not send: nothing was sent.
    }
  });
  return (
    <button type="button" className="btn btn-ghost" disabled={prepare.isPending} onClick={send} data-testid="invite-send-prepared">
      {t('team.sendWithButton')}
    </button>
  );
}

/** Sharing the invite link: Telegram's share sheet (t.me/share/url) or the browser's; and the prepared message where it works. */
function ShareActions({ code, link, linked }: { code: string; link: string; linked: boolean }) {
  const { t } = useTranslation();
  const share = useThrottled(() => void shareInvite(link, t('team.shareText', { code })));
  return (
    <div className="stack">
      <button type="button" className="btn btn-primary" onClick={share} aria-label={t('team.shareLink')} data-testid="invite-share">
        <AppIcon name="share" /> {t('team.share')}
      </button>
      {linked && canSharePreparedInApp() && <SendPreparedButton />}
    </div>
  );
}

/** The user's invitation code and invite link, each with a copy button ('Copy successful'), sharing, and the link's QR code. */
export function InvitePanel({ code, link: given, linked }: { code: string; link: string; linked: boolean }) {
  const { t } = useTranslation();
  const link = absoluteLink(given, window.location.origin);
  return (
    <Card title={t('team.invite')} className="invite">
      <CopyRow label={t('team.invitationCode')} text={code} copyLabel={t('team.copyCode')}>
        <strong data-testid="invitation-code">{code}</strong>
      </CopyRow>
      <CopyRow label={t('team.inviteLink')} text={link} copyLabel={t('team.copyLink')}>
        <span className="copy-link" data-testid="invite-link">
          {link}
        </span>
      </CopyRow>
      {link ? <ShareActions code={code} link={link} linked={linked} /> : null}
      {link ? (
        <div className="invite-qr">
          <Suspense fallback={null}>
            <QrCode text={link} label={t('team.inviteQr')} testId="invite-qr" />
          </Suspense>
        </div>
      ) : null}
    </Card>
  );
}
