import type { ButtonHTMLAttributes } from 'react';

/** The primary button of a form; shows that it is busy and cannot be pressed twice. */
export function SubmitButton({ pending, children, className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { pending?: boolean }) {
  return (
    <button
      type="submit"
      className={['btn btn-primary', className ?? ''].join(' ').trim()}
      disabled={pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {children}
    </button>
  );
}
