import type { ButtonHTMLAttributes } from 'react';
import { useFormTap } from './Form';

/**
 * The primary button of a form; shows that it is busy (the request running, or the click
 * throttle's window after a tap) and cannot be pressed twice meanwhile.
 */
export function SubmitButton({
  pending,
  children,
  className,
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending?: boolean }) {
  const { cooling } = useFormTap();
  const busy = pending === true || cooling;
  return (
    <button
      type="submit"
      className={['btn btn-primary', className ?? ''].join(' ').trim()}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      {...rest}
    >
      {children}
    </button>
  );
}
