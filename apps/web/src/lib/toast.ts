import { TOAST_MS } from '@prism/domain';
import { createStore, type Store, useStore } from './store';

/** One toast at a time, shown for 1500 ms (specification point 9); a new one replaces the old. */
export interface ToastState {
  id: number;
  message: string;
}

export function createToaster(durationMs: number = TOAST_MS): { store: Store<ToastState | null>; show(message: string): void } {
  const store = createStore<ToastState | null>(null);
  let next = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    store,
    show(message) {
      if (!message) return;
      clearTimeout(timer);
      const id = next++;
      store.set({ id, message });
      timer = setTimeout(() => {
        if (store.get()?.id === id) store.set(null);
      }, durationMs);
    },
  };
}

const toaster = createToaster();

export const toast = (message: string): void => toaster.show(message);
export const useToast = (): ToastState | null => useStore(toaster.store);
