import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How far (px) a pull from the top must go before letting go refreshes. */
export const PULL_THRESHOLD = 64;

/** True when a touch that started at the top of the page and moved `dy` px down should refresh. */
export function pulledFarEnough(startedAtTop: boolean, dy: number): boolean {
  return startedAtTop && dy >= PULL_THRESHOLD;
}

/**
 * Pull-to-refresh: a touch pulled down from the top of the page and released
 * calls `onRefresh`; a Refresh button does the same on desktop.
 */
export function PullToRefresh({ onRefresh, refreshing, children }: { onRefresh: () => void; refreshing: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const start = useRef<{ y: number; top: boolean } | null>(null);
  const [pull, setPull] = useState(0);
  return (
    <div
      className="pull-area"
      onTouchStart={(e) => {
        start.current = { y: e.touches[0]?.clientY ?? 0, top: (document.scrollingElement?.scrollTop ?? 0) <= 0 };
      }}
      onTouchMove={(e) => {
        if (start.current?.top) setPull(Math.max(0, Math.min(120, (e.touches[0]?.clientY ?? 0) - start.current.y)));
      }}
      onTouchEnd={() => {
        if (pulledFarEnough(start.current?.top === true, pull)) onRefresh();
        start.current = null;
        setPull(0);
      }}
    >
      <div className="pull-indicator" style={{ height: refreshing ? 32 : pull / 2 }} aria-live="polite">
        {(refreshing || pull >= PULL_THRESHOLD) && <span>{refreshing ? t('content.refreshing') : t('content.releaseToRefresh')}</span>}
      </div>
      <div className="pull-toolbar">
        <button type="button" className="btn btn-ghost btn-small" onClick={onRefresh} disabled={refreshing}>
          {t('content.refresh')}
        </button>
      </div>
      {children}
    </div>
  );
}
