import { formatMoney, formatSignedMoney, type MoneyDirection, moneyDirection, signFor } from '@prism/domain';
import { useSysCfgValue } from '../lib/config';
import { useCountUp } from '../lib/countUp';
import { currencySign, toSignedMinor } from '../lib/money';

/**
 * "CASH $0.00": a labelled amount, always 2 decimals, with the coin's currency sign
 * when the operator configured one (CURRENCY_SYMBOL). The text reads as one phrase for
 * tests and screen readers. A change of amount rolls to the new value (not with
 * reduced motion). The amount keeps left-to-right order in Arabic and Persian, so a
 * minus stays in front of its number.
 */
export function MoneyText({
  label,
  value,
  asset,
  testId,
  className,
}: {
  label: string;
  value: string | undefined;
  /** The coin of the amount, for its currency sign. */
  asset?: string;
  testId?: string;
  className?: string;
}) {
  const sign = currencySign(useSysCfgValue('CURRENCY_SYMBOL'), asset);
  const shown = useCountUp(value);
  return (
    <div className={['money', className ?? ''].join(' ').trim()} data-testid={testId}>
      <span className="money-label">{label}</span>{' '}
      <strong className="money-value">
        <bdi dir="ltr">
          {sign && <span className="money-sign">{sign}</span>}
          {shown}
        </bdi>
      </strong>
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
