import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';
import { ErrorBlock } from './ErrorBlock';
import { PageLoading } from './PageLoading';

/** Loading (delayed spinner), error (tap to retry) or the data: every screen that loads data goes through it. */
export function QueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <ErrorBlock message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
