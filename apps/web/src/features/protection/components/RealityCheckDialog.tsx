import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/Sheet';
import { useAcknowledgeRealityCheck, useRealityCheck } from '../api/protection';

/** The reality check (docs/protection.md): when due, the time played and the net result, until the player acknowledges it. */
export function RealityCheckDialog() {
  const { t } = useTranslation();
  const check = useRealityCheck();
  const acknowledge = useAcknowledgeRealityCheck();
  if (!check.data?.due) return null;
  const { minutesPlayed, results } = check.data;
  return (
    <Sheet title={t('protection.dialog.title')} onClose={() => acknowledge.mutate()} testId="reality-check">
      <p>{t('protection.dialog.played', { minutes: minutesPlayed })}</p>
      {results.map((r) => (
        <p key={r.coin}>{t('protection.dialog.result', { coin: r.coin, staked: r.staked, paidOut: r.paidOut, net: r.net })}</p>
      ))}
      <button type="button" className="btn btn-primary" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
        {t('protection.dialog.ok')}
      </button>
    </Sheet>
  );
}
