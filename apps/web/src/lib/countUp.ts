import { formatMoney, type Money } from '@prism/domain';
import { useEffect, useRef, useState } from 'react';
import { toMinor } from './money';

/** How long a balance takes to roll to its new value: short, as a wallet does it. */
export const COUNT_UP_MS = 450;

/**
 * The amount shown `progress` (0..1) of the way from `from` to `to`, eased out (fast,
 * then settling), in whole minor units; exactly `to` at the end.
 */
export function amountAt(from: Money, to: Money, progress: number): Money {
  if (progress >= 1) return to;
  if (progress <= 0) return from;
  const eased = 1 - (1 - progress) ** 3;
  return from + BigInt(Math.round(Number(to - from) * eased));
}

const reducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A wire amount as text ("1000.00") that, when the amount changes, counts from the
 * old value to the new one over COUNT_UP_MS. The first value shows at once, and so
 * does every value when the user asked for reduced motion.
 */
export function useCountUp(value: string | null | undefined): string {
  const target = toMinor(value);
  const [shown, setShown] = useState<Money>(target);
  const shownRef = useRef<Money>(target);
  useEffect(() => {
    const from = shownRef.current;
    if (from === target) return;
    const set = (amount: Money) => {
      shownRef.current = amount;
      setShown(amount);
    };
    if (reducedMotion() || typeof requestAnimationFrame !== 'function') {
      set(target);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = (now - start) / COUNT_UP_MS;
      set(amountAt(from, target, progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return formatMoney(shown);
}
