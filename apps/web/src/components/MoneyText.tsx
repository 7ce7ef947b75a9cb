import { formatAmount } from '../lib/money';

/** "CHIP 0.00": a labelled amount, always 2 decimals. The text reads as one phrase for tests and screen readers. */
export function MoneyText({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: string | undefined;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={['money', className ?? ''].join(' ').trim()} data-testid={testId}>
      <span className="money-label">{label}</span> <strong className="money-value">{formatAmount(value)}</strong>
    </div>
  );
}
