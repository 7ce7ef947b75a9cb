import type { ReactNode } from 'react';

/**
 * A form that the app checks itself: the browser's own validation bubbles are off (`noValidate`)
 * so the specification's messages show under the fields, and submitting never reloads the page.
 */
export function Form({ onSubmit, className, children }: { onSubmit: () => void; className?: string; children: ReactNode }) {
  return (
    <form
      className={['form', className ?? ''].join(' ').trim()}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
