import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from './useModalDialog';

/**
 * A bottom sheet on the native <dialog>: modal (focus stays inside, the page
 * behind is inert), closed by its button, by Escape or by a tap outside.
 */
export function Sheet({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const ref = useModalDialog(onClose);
  const titleId = useId();

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
