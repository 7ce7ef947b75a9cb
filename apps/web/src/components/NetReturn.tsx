import { moneyDirection } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { toSignedMinor } from '../lib/money';
import { directionClass } from './MoneyText';

/**
 * A product's return NET of every fee (the server computes it with the domain's
 * netReturn), the figure every product shows instead of a gross return; a
 * product that loses money says so in words (docs/decisions.md, "What a player sees before money moves"). One fact of a <dl>.
 */
export function NetReturn({ amount, rate, coin, testId = 'net-return' }: { amount: string; rate: string; coin: string; testId?: string }) {
  const { t } = useTranslation();
  const loses = moneyDirection(toSignedMinor(amount)) === 'out';
  return (
    <div className="fact net-return">
      <dt>{t('spend.netReturn')}</dt>
      <dd className={directionClass(amount)}>
        <span dir="ltr" data-testid={testId}>
          {amount} {coin} ({rate})
        </span>
        {loses && (
          <span className="net-loss" data-testid={`${testId}-loss`}>
            {t('spend.netLoss', { rate })}
          </span>
        )}
      </dd>
    </div>
  );
}
