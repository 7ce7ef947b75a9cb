import { useSysCfgValue } from '../lib/config';
import { useCountUp } from '../lib/countUp';
import { currencySign } from '../lib/money';

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
