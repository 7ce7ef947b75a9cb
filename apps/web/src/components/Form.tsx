import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTapCooldown } from '../lib/throttle';

/** What a form tells its confirm button: whether the last tap's throttle window is open, and how to open one. */
interface FormTap {
  cooling: boolean;
  tap(): void;
}

const FormTapContext = createContext<FormTap>({ cooling: false, tap: () => undefined });

/** The form's tap window, for its submit button (SubmitButton, ConfirmButton and Telegram's MainButton). */
export function useFormTap(): FormTap {
  return useContext(FormTapContext);
}

/**
 * A form that the app checks itself: the browser's own validation bubbles are off (`noValidate`)
 * so the specification's messages show under the fields, and submitting never reloads the page.
 * A submit opens the 1 s click-throttle window (specification point 9): the submit button shows
 * busy through it and while the request runs, so a quick second tap is visibly not taken rather
 * than silently dropped (a corrected "Save" tapped again at once looked broken).
 */
export function Form({ onSubmit, className, children }: { onSubmit: () => void; className?: string; children: ReactNode }) {
  const { cooling, tap } = useTapCooldown();
  const value = useMemo(() => ({ cooling, tap }), [cooling, tap]);
  return (
    <form
      className={['form', className ?? ''].join(' ').trim()}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        tap();
        onSubmit();
      }}
    >
      <FormTapContext.Provider value={value}>{children}</FormTapContext.Provider>
    </form>
  );
}
