import { useToasts } from '../lib/toast';

/**
 * The toasts (lib/toast.ts), stacked at the top edge below the bar and the
 * safe area, above everything. The host is a live region from the start, so
 * screen readers announce what is added; an error is an alert (read at once).
 * The newest toast is the one named "toast" (the current message).
 */
export function ToastHost() {
  const toasts = useToasts();
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {toasts.map((item, index) => (
        <div
          key={item.id}
          className={item.tone === 'error' ? 'toast toast-error' : 'toast'}
          role={item.tone === 'error' ? 'alert' : undefined}
          data-testid={index === toasts.length - 1 ? 'toast' : 'toast-earlier'}
        >
          {item.message}
        </div>
      ))}
    </div>
  );
}
