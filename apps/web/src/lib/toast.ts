import { TOAST_MS } from '@prism/domain';
import { createStore, type Store, useStore } from './store';

/**
 * Toasts: each shown for 1500 ms (specification point 9), stacked at the screen's
 * top edge, newest last, at most three (the oldest gives way). An error is
 * announced at once (assertive), anything else when the reader is idle.
 */
export type ToastTone = 'info' | 'error';

export interface ToastState {
  id: number;
  message: string;
  tone: ToastTone;
}

export const TOAST_STACK_MAX = 3;

export interface Toaster {
  store: Store<readonly ToastState[]>;
  show(message: string, tone?: ToastTone): void;
}

export function createToaster(durationMs: number = TOAST_MS, max: number = TOAST_STACK_MAX): Toaster {
  const store = createStore<readonly ToastState[]>([]);
  let next = 1;
  const remove = (id: number) => store.set(store.get().filter((item) => item.id !== id));
  return {
    store,
    show(message, tone = 'info') {
      if (!message) return;
      const id = next++;
      // The same message again (a second tap) restarts its clock in place of stacking a copy.
      const others = store.get().filter((item) => item.message !== message);
      store.set([...others, { id, message, tone }].slice(-max));
      setTimeout(() => remove(id), durationMs);
    },
  };
}

const toaster = createToaster();

export const toast = (message: string): void => toaster.show(message, 'info');
/** A failure the user must hear about now (screen readers interrupt for it). */
export const toastError = (message: string): void => toaster.show(message, 'error');
export const useToasts = (): readonly ToastState[] => useStore(toaster.store);
