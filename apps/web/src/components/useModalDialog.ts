import { useEffect, useRef } from 'react';

/**
 * Opens a native <dialog> as a modal while the component is mounted and calls
 * the latest `onClose` whichever way it closes (button, Escape, backdrop).
 * Attach the returned ref to the <dialog>.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
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

  return ref;
}
