import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { type ConfirmRequest, useConfirmRequest } from '../lib/dialog';

/** When the dialog's file cannot load (offline): the question is answered no, and the page stays up. */
function Unavailable({ request }: { request: ConfirmRequest }) {
  useEffect(() => request.answer(false), [request]);
  return null;
}

// The dialog (and the sheet styles) load with the first confirmation a browser shows.
const ConfirmDialog = lazy(
  (): Promise<{ default: ComponentType<{ request: ConfirmRequest }> }> => import('./ConfirmDialog').catch(() => ({ default: Unavailable })),
);

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
