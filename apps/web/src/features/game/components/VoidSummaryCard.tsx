import type { GameVoidSummary } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { useVoidSummary } from '../api/voids';

/** How many finished sessions were voided, and why (docs/fairness.md, "Void sessions"). Nothing is shown until it loads. */
export function VoidSummaryCard() {
  const summary = useVoidSummary();
  return summary.data ? <VoidSummaryView summary={summary.data} /> : null;
}

function VoidSummaryView({ summary }: { summary: GameVoidSummary }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="verify-voids" data-testid="verify-voids">
      <h2 id="verify-voids" className="card-title">
        {t('verify.voidsTitle')}
      </h2>
      <p data-testid="verify-voids-count">{t('verify.voidsCount', { voided: summary.voided, sessions: summary.sessions })}</p>
      {summary.reasons.length > 0 && (
        <ul className="muted">
          {summary.reasons.map((entry) => (
            <li key={entry.reason}>{t(`verify.voidReason.${entry.reason}`, { count: entry.count })}</li>
          ))}
        </ul>
      )}
      <p className="note">{t('verify.voidsNote')}</p>
    </section>
  );
}
