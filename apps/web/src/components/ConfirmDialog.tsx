import '../styles/wallet.css';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmRequest } from '../lib/dialog';
import { useModalDialog } from './useModalDialog';

/**
 * The app's own confirmation (lib/dialog.ts, outside Telegram): a modal alert dialog in the
 * sheet's style. Focus starts on Cancel, so Enter never confirms by accident; Escape, a tap
 * outside or Cancel answer no, and only the confirming button answers yes.
 */
export default function ConfirmDialog({ request }: { request: ConfirmRequest }) {
  const { t } = useTranslation();
  const answered = useRef(false);
  const answer = (confirmed: boolean) => {
    if (answered.current) return;
    answered.current = true;
    request.answer(confirmed);
  };
  const ref = useModalDialog(() => answer(false));
  const cancel = useRef<HTMLButtonElement>(null);
  // After showModal() (the effect above), which would focus the first button, the confirming one.
  useEffect(() => cancel.current?.focus(), []);
  const titleId = useId();
  const messageId = useId();
  const { title, message, confirm, destructive } = request.options;
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      className="sheet"
      aria-labelledby={title ? titleId : messageId}
      aria-describedby={title ? messageId : undefined}
      data-testid="confirm-dialog"
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself.
        if (event.target === ref.current) ref.current?.close();
      }}
      onKeyDown={() => {}}
    >
      <div className="sheet-body">
        {title && (
          <h2 id={titleId} className="sheet-title">
            {title}
          </h2>
        )}
        <p id={messageId}>{message}</p>
        <div className="sheet-actions">
          <button
            type="button"
            className={destructive ? 'btn btn-danger-solid' : 'btn btn-primary'}
            onClick={() => answer(true)}
            data-testid="confirm-ok"
          >
            {confirm}
          </button>
          <button type="button" className="btn btn-ghost" ref={cancel} onClick={() => ref.current?.close()} data-testid="confirm-cancel">
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
