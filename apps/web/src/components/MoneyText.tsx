import { formatMoney, formatSignedMoney, type MoneyDirection, moneyDirection, signFor } from '@prism/domain';
import { formatAmount, toSignedMinor } from '../lib/money';

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

/** The colour class of a signed wire amount: money out in the loss colour, money in in the gain colour. */
export function directionClass(value: string | null | undefined): string {
  const direction = moneyDirection(toSignedMinor(value));
  return direction === 'out' ? 'amount-down' : direction === 'in' ? 'amount-up' : '';
}

/**
 * A record's movement of money: "+50.00 CASH" in the gain colour when it came
 * in, "-50.00 CASH" in the loss colour when it went out. The direction is the
 * sign the server gives (domain moneyDirection: the one rule), or, for an
 * unsigned amount whose kind says it (a withdrawal is out), `direction`
 * (domain signFor; 'none' shows it plain). Left to right in every language.
 */
export function SignedAmount({
  value,
  coin,
  direction,
  testId,
  className = 'record-amount',
}: {
  value: string | null | undefined;
  coin?: string;
  direction?: MoneyDirection;
  testId?: string;
  className?: string;
}) {
  const minor = direction ? signFor(direction, toSignedMinor(value)) : toSignedMinor(value);
  const shown = direction === 'none' ? 'none' : moneyDirection(minor);
  const colour = shown === 'out' ? 'amount-down' : shown === 'in' ? 'amount-up' : '';
  return (
    <strong className={`${className} ${colour}`.trim()} dir="ltr" data-direction={shown} data-testid={testId}>
      {shown === 'none' ? formatMoney(minor) : formatSignedMoney(minor)}
      {coin ? ` ${coin}` : ''}
    </strong>
  );
}
