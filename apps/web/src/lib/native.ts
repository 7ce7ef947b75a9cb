import { useEffect, useRef } from 'react';
import {
  bindTelegramMainButton,
  bindTelegramSecondaryButton,
  hapticImpact,
  hapticNotification,
  hapticSelection,
  setTelegramClosingConfirmation,
  setTelegramVerticalSwipes,
  usesMainButton,
  usesSecondaryButton,
} from './telegram';

/**
 * The native Telegram behaviour every screen uses (docs/telegram.md): haptics,
 * the MainButton and SecondaryButton, closing confirmation and the swipe rule.
 * Each is a no-op in a plain browser, so screens call them unconditionally.
 */

/** Haptic feedback by meaning: a changed selection, a result that worked, one that failed. */
export const haptics = {
  /** A tab, chip, radio, stepper or coin changed. */
  selection: hapticSelection,
  /** A request succeeded (a recharge created, an exchange done, a password saved). */
  success: () => hapticNotification('success'),
  /** A request failed or the form has errors. */
  error: () => hapticNotification('error'),
  /** A lost round or a soft refusal. */
  warning: () => hapticNotification('warning'),
  /** A physical tap (a bet placed, a coin tapped). */
  impact: hapticImpact,
};

let holding = 0;

/**
 * While `dirty` (a money or password form holds unsent input, a bet sheet is
 * open), Telegram asks before closing the app and a vertical swipe cannot
 * minimise it. Counted, so two forms on one screen release only when both are clean.
 */
export function useClosingConfirmation(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    holding += 1;
    if (holding === 1) {
      setTelegramClosingConfirmation(true);
      setTelegramVerticalSwipes(false);
    }
    return () => {
      holding -= 1;
      if (holding === 0) {
        setTelegramClosingConfirmation(false);
        setTelegramVerticalSwipes(true);
      }
    };
  }, [dirty]);
}

/** What a screen's primary confirmation shows. */
export interface MainButtonOptions {
  text: string;
  enabled?: boolean;
  loading?: boolean;
  /** False while something else owns the MainButton (a spend confirmation above the form). */
  visible?: boolean;
  onClick: () => void;
}

/**
 * Telegram's MainButton for a screen's primary confirmation; returns true when
 * it is shown (then the screen renders no button of its own). Hidden again on unmount.
 */
export function useMainButton({ text, enabled = true, loading = false, visible = true, onClick }: MainButtonOptions): boolean {
  const native = usesMainButton();
  const latest = useRef(onClick);
  latest.current = onClick;
  useEffect(() => {
    if (!native || !visible) return;
    return bindTelegramMainButton({ text, enabled: enabled && !loading, loading }, () => latest.current());
  }, [native, text, enabled, loading, visible]);
  return native;
}

/** Telegram's SecondaryButton (a second action beside the MainButton, e.g. Cancel); true when shown. */
export function useSecondaryButton(text: string, onClick: () => void, visible = true): boolean {
  // Clients before 7.10 have a MainButton but no SecondaryButton: the form then keeps its own Cancel.
  const native = usesSecondaryButton();
  const latest = useRef(onClick);
  latest.current = onClick;
  useEffect(() => {
    if (!native || !visible) return;
    return bindTelegramSecondaryButton(text, () => latest.current());
  }, [native, text, visible]);
  return native;
}
