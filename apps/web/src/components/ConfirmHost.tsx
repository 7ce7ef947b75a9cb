import { lazy, Suspense } from 'react';
import { useConfirmRequest } from '../lib/dialog';

// The dialog (and the sheet styles) load with the first confirmation a browser shows.
const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

/** Where lib/dialog's confirmations appear outside Telegram (once, around every page). */
export function ConfirmHost() {
  const request = useConfirmRequest();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog key={request.id} request={request} />
    </Suspense>
  );
}
