import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { Icon } from '../../../components/Icon';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';

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
        <Icon name="copy" /> {t('common.copy')}
      </button>
    </div>
  );
}

/** The user's invitation code and invite link, each with a copy button ('Copy successful'), and the link's QR code. */
export function InvitePanel({ code, link: given }: { code: string; link: string }) {
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
