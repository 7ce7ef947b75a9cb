import { useToast } from '../lib/toast';

/** Renders the current toast (lib/toast.ts) above everything, for 1500 ms. */
export function ToastHost() {
  const current = useToast();
  return (
    <div className="toast-host" role="status" aria-live="polite" aria-atomic="true">
      {current && (
        <div key={current.id} className="toast" data-testid="toast">
          {current.message}
        </div>
      )}
    </div>
  );
}
