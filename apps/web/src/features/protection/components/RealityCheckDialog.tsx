import { routes } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/Sheet';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/datetime';
import { confirmAction } from '../../../lib/dialog';
import { useNavigation } from '../../../lib/navigation';
import { toast, toastError } from '../../../lib/toast';
import { useAcknowledgeRealityCheck, useRealityCheck, useStopForToday } from '../api/protection';

/**
 * The reality check (docs/protection.md): when due, the time played and the net result, until the
 * player acknowledges it ("continue") or stops for today (a 24-hour self-exclusion, confirmed with
 * Telegram's popup inside Telegram and the app's own dialog outside). It links to My play.
 */
export function RealityCheckDialog() {
  const { t } = useTranslation();
  const check = useRealityCheck();
  const acknowledge = useAcknowledgeRealityCheck();
  const stop = useStopForToday();
  const { navigateTo } = useNavigation();
  if (!check.data?.due) return null;
  const { minutesPlayed, results } = check.data;
  const stopForToday = async () => {
    const confirmed = await confirmAction({
      title: t('protection.dialog.stop'),
      message: t('protection.dialog.stopConfirm'),
      confirm: t('protection.dialog.stop'),
      destructive: true,
    });
    if (!confirmed) return;
    stop.mutate(undefined, {
      onSuccess: (settings) => toast(t('protection.dialog.stopped', { time: formatDateTime(settings.excludedUntil) })),
      onError: (error) => toastError(errorMessage(error)),
    });
  };
  return (
    <Sheet title={t('protection.dialog.title')} onClose={() => acknowledge.mutate()} testId="reality-check">
      <p>{t('protection.dialog.played', { minutes: minutesPlayed })}</p>
      {results.map((r) => (
        <p key={r.coin}>{t('protection.dialog.result', { coin: r.coin, staked: r.staked, paidOut: r.paidOut, net: r.net })}</p>
      ))}
      <div className="stack">
        <button type="button" className="btn btn-primary" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
          {t('protection.dialog.ok')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={stop.isPending}
          data-testid="reality-stop"
          onClick={() => void stopForToday()}
        >
          {t('protection.dialog.stop')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          data-testid="reality-my-play"
          onClick={() => {
            acknowledge.mutate();
            navigateTo(routes.myPlay);
          }}
        >
          {t('protection.dialog.myPlay')}
        </button>
      </div>
    </Sheet>
  );
}
