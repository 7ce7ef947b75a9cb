import type { GameBetRecord, Paged } from '@prism/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/datetime';
import { formatAmount, formatSigned } from '../../../lib/money';
import { useBetLabel } from '../betLabel';
import { statusTone } from '../status';

/**
 * My records: each bet with its order number, bet time, bet, stake (base x
 * multiples), the fee on its own line, status, income, profit and completion
 * time; paged until 'no more data'.
 */
export const RecordList = memo(function RecordList({ query }: { query: UseInfiniteQueryResult<InfiniteData<Paged<GameBetRecord>>> }) {
  const { t } = useTranslation();
  const label = useBetLabel();
  return (
    <PagedList query={query} empty={t('game.noRecords')} label={t('game.myRecords')} testId="game-records">
      {(bet) => (
        <article className="bet-record" data-testid="game-record">
          <header className="row-line">
            <strong className="record-title">
              {label(bet.betName)}{' '}
              <bdi className="ltr-number muted">
                {formatAmount(bet.baseAmount)} × {bet.betMultiples}
              </bdi>
            </strong>
            <StatusBadge tone={statusTone(bet.status)} testId="record-status">
              {t(`game.status.${bet.status}`)}
            </StatusBadge>
          </header>
          <dl className="record-facts">
            <div className="fact">
              <dt>{t('game.record.stake')}</dt>
              <dd data-testid="record-stake">
                {formatAmount(bet.totalBetAmount)} {bet.coin}
              </dd>
            </div>
            <div className="fact">
              <dt>{t('game.record.fee')}</dt>
              <dd data-testid="record-fee">
                {formatAmount(bet.fee)} {bet.coin}
              </dd>
            </div>
            <div className="fact">
              <dt>{t('game.record.income')}</dt>
              <dd data-testid="record-income">
                {formatAmount(bet.incomeAmount)} {bet.coin}
              </dd>
            </div>
            <div className="fact">
              <dt>{t('game.record.profit')}</dt>
              <dd
                className={bet.status === 'PENDING' ? '' : bet.profit.startsWith('-') ? 'amount-down' : 'amount-up'}
                data-testid="record-profit"
              >
                {bet.status === 'PENDING' ? '—' : `${formatSigned(bet.profit)} ${bet.coin}`}
              </dd>
            </div>
            <div className="fact">
              <dt>{t('game.record.period')}</dt>
              <dd>{bet.periodId}</dd>
            </div>
            <div className="fact">
              <dt>{t('game.record.order')}</dt>
              <dd className="record-ref">{bet.orderNo}</dd>
            </div>
            <div className="fact">
              <dt>{t('game.record.betTime')}</dt>
              <dd className="fact-text">{formatDateTime(bet.betTime)}</dd>
            </div>
            <div className="fact">
              <dt>{t('game.record.completed')}</dt>
              <dd className="fact-text" data-testid="record-completed">
                {bet.completeTime ? formatDateTime(bet.completeTime) : t('game.record.notYet')}
              </dd>
            </div>
          </dl>
        </article>
      )}
    </PagedList>
  );
});
