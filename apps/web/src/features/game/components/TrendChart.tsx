import type { GameTrend } from '@prism/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { QueryView } from '../../../components/QueryView';
import { useGameTrend } from '../api/trend';
import { TrendGrid } from './TrendGrid';
import { TrendNumbers, TrendStreaks } from './TrendStats';
import { TrendTable } from './TrendTable';
import './Trend.css';

/**
 * The chart tab: the room's last 100 draws as the number grid with a line through each draw's
 * number, per number its frequency and draws missing, and the runs of colour and size. It says
 * once, above everything, that past draws do not predict the next one. `headId` is the newest
 * finished session the history shows: when it changes (a live event, or a poll while events are
 * down) the chart reads again; the server keeps one copy per draw, so this costs it nothing more.
 */
export function TrendChart({ level, headId, onVerify }: { level: number; headId: number | undefined; onVerify: () => void }) {
  const { t } = useTranslation();
  const trend = useGameTrend(level);
  const { refetch } = trend;
  const seen = useRef(headId);
  useEffect(() => {
    if (headId !== undefined && seen.current !== undefined && seen.current !== headId) void refetch();
    seen.current = headId;
  }, [headId, refetch]);
  return (
    <div className="trend stack" data-testid="trend">
      <p className="trend-notice" data-testid="trend-notice">
        {t('trend.independent')}{' '}
        <button type="button" className="btn-link" onClick={onVerify} data-testid="trend-verify">
          {t('trend.verifyLink')}
        </button>
      </p>
      <QueryView query={trend} skeleton="list">
        {(data) => (data.draws.length === 0 ? <EmptyState message={t('trend.empty')} /> : <TrendBody trend={data} />)}
      </QueryView>
    </div>
  );
}

/** The statistics, and the draws as the grid or (for screen readers, or by choice) as a table. */
function TrendBody({ trend }: { trend: GameTrend }) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  return (
    <>
      <TrendStreaks stats={trend.stats} />
      <div className="trend-toolbar">
        <p className="muted" data-testid="trend-count">
          {t('trend.drawsShown', { count: trend.stats.draws })}
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
          data-testid="trend-as-table"
        >
          {t('trend.showTable')}
        </button>
      </div>
      {asTable ? (
        <TrendTable draws={trend.draws} />
      ) : (
        <div className="trend-chart" dir="ltr">
          <TrendNumbers stats={trend.stats} />
          <TrendGrid draws={trend.draws} />
        </div>
      )}
    </>
  );
}
