import type { Paged } from '@prism/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';
import { itemsOf } from '../lib/paging';
import { EmptyState } from './EmptyState';
import { ErrorBlock } from './ErrorBlock';
import { PageLoading } from './PageLoading';

/**
 * A paged list, newest first: loading, error (tap to retry), the empty state,
 * the rows, then 'Load more' (also triggered when it scrolls into view) until
 * 'no more data'.
 */
export function PagedList<T extends { id: number }>({
  query,
  empty,
  label,
  testId,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Paged<T>>>;
  /** The empty state's message. */
  empty: string;
  /** Names the list for screen readers. */
  label: string;
  testId?: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || isFetchingNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (query.isPending) return <PageLoading shape="list" />;
  if (query.isError && !query.data) return <ErrorBlock message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const items = itemsOf(query.data?.pages);
  if (items.length === 0) return <EmptyState message={empty} />;
  return (
    <div className="paged">
      <ul className="rows" aria-label={label} data-testid={testId}>
        {items.map((item) => (
          <li key={item.id} className="row">
            {children(item)}
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="paged-foot">
        {hasNextPage ? (
          <button type="button" className="btn btn-ghost btn-small" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? t('common.loading') : isFetchNextPageError ? t('common.tapToRetry') : t('common.loadMore')}
          </button>
        ) : (
          <p className="muted" data-testid="no-more-data">
            {t('common.noMoreData')}
          </p>
        )}
      </div>
    </div>
  );
}
