import { createStore, useStore } from './store';
import { type PopupOptions, showTelegramPopup } from './telegram';

/**
 * Confirmations (docs/telegram.md, popups): `await confirmAction({...})` is true only when the
 * user pressed the confirming button. Inside Telegram it is Telegram's native popup (the
 * confirming button, red when destructive, and Telegram's own localised Cancel); in a browser,
 * or on a client without popups, the app's own dialog (components/ConfirmHost.tsx draws it).
 * Never window.confirm: it is unstyled, blocks the page, and Telegram's WebViews may drop it.
 */
export interface ConfirmOptions {
  title?: string;
  message: string;
  /** The confirming button's text, e.g. "Remove". */
  confirm: string;
  /** Red: the action cannot be undone (self-exclusion, removing a card). */
  destructive: boolean;
}

export const CONFIRM_BUTTON_ID = 'confirm';

// Telegram's limits on a popup (longer texts are refused): title 64, message 256, button text 64.
const clamp = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The native popup of a confirmation: the confirming button, then Telegram's Cancel. */
export function popupOf(options: ConfirmOptions): PopupOptions {
  const title = options.title?.trim();
  return {
    ...(title ? { title: clamp(title, 64) } : {}),
    message: clamp(options.message.trim(), 256),
    buttons: [
      { id: CONFIRM_BUTTON_ID, type: options.destructive ? 'destructive' : 'default', text: clamp(options.confirm.trim(), 64) },
      { id: 'cancel', type: 'cancel' },
    ],
  };
}

/** A confirmation waiting in the app's own dialog. */
export interface ConfirmRequest {
  id: number;
  options: ConfirmOptions;
  answer: (confirmed: boolean) => void;
}

const requests = createStore<ConfirmRequest | undefined>(undefined);
let nextId = 1;

function askInApp(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    // One dialog at a time: a newer question cancels an older one still open.
    requests.get()?.answer(false);
    const id = nextId++;
    const answer = (confirmed: boolean) => {
      if (requests.get()?.id === id) requests.set(undefined);
      resolve(confirmed);
    };
    requests.set({ id, options, answer });
  });
}

export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  const native = showTelegramPopup(popupOf(options));
  if (!native) return askInApp(options);
  // The client refused the popup (one already open): ask in the app instead.
  return native.then(
    (buttonId) => buttonId === CONFIRM_BUTTON_ID,
    () => askInApp(options),
  );
}

/** The confirmation the app's dialog should show now, if any. */
export const useConfirmRequest = (): ConfirmRequest | undefined => useStore(requests);
