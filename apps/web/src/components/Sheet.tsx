import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A bottom sheet on the native <dialog>: modal (focus stays inside, the page
 * behind is inert), closed by its button, by Escape or by a tap outside.
 */
export function Sheet({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latest = useRef(onClose);
  latest.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal?.();
    const close = () => latest.current();
    dialog.addEventListener('close', close);
    return () => {
      dialog.removeEventListener('close', close);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="sheet"
      aria-labelledby={titleId}
      data-testid={testId}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself.
        if (event.target === ref.current) ref.current?.close();
      }}
      onKeyDown={() => {}}
    >
      <div className="sheet-body">
        <header className="sheet-head">
          <h2 id={titleId} className="sheet-title">
            {title}
          </h2>
          <button type="button" className="sheet-close" aria-label={t('common.close')} onClick={() => ref.current?.close()}>
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
