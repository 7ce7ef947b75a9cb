import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';
import { ErrorBlock } from './ErrorBlock';
import { PageLoading } from './PageLoading';
import type { SkeletonShape } from './Skeleton';

/**
 * Loading (a skeleton of `skeleton`'s shape, or a delayed spinner), error (tap to retry) or the data:
 * every screen that loads data goes through it.
 */
export function QueryView<T>({
  query,
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  skeleton?: SkeletonShape;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoading shape={skeleton} />;
  if (query.isError) return <ErrorBlock message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
