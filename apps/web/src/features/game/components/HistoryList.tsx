import type { GameSessionResult, Paged } from '@prism/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';
import { Ball } from './Ball';

/** Past history: period, result, colours, size and a link to verify it; paged until 'no more data'. */
export const HistoryList = memo(function HistoryList({
  query,
  onVerify,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Paged<GameSessionResult>>>;
  onVerify: (periodId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <PagedList query={query} empty={t('game.noHistory')} label={t('game.pastHistory')} testId="game-history">
      {(item) => (
        <div className="history-row" data-testid="history-row">
          <span className="history-period ltr-number" data-testid="history-period">
            {item.periodId}
          </span>
          <Ball result={item.lotteryResult} colours={item.colours} size="s" />
          <span className="history-facts">
            {item.lotteryResult === null ? (
              t('game.void')
            ) : (
              <>
                {item.colours.map((colour) => t(`game.bet.${colour}`)).join(' · ')}
                {item.size && <span className="muted"> · {t(`game.bet.${item.size}`)}</span>}
              </>
            )}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={t('game.verifyPeriod', { period: item.periodId })}
            onClick={() => onVerify(item.periodId)}
            data-testid="history-verify"
          >
            {t('game.verify')}
          </button>
        </div>
      )}
    </PagedList>
  );
});
