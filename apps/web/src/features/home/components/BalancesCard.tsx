import type { UserInfo } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { MoneyText } from '../../../components/MoneyText';

type Balances = Pick<UserInfo, 'cash' | 'chip' | 'gold' | 'point' | 'usdtBalance'>;

/** CASH, CHIP, GOLD, POINT and USDT, each to 2 decimals; each reads as one phrase ("CHIP 0.00"). */
export function BalancesCard({ balances }: { balances: Balances }) {
  const { t } = useTranslation();
  const items = [
    { id: 'cash', asset: 'CASH', label: t('home.cash'), value: balances.cash },
    { id: 'chip', asset: 'CHIP', label: t('home.chip'), value: balances.chip },
    { id: 'gold', asset: 'GOLD', label: t('home.gold'), value: balances.gold },
    { id: 'point', asset: 'POINT', label: t('home.point'), value: balances.point },
    { id: 'usdt', asset: 'USDT', label: t('home.usdt'), value: balances.usdtBalance },
  ];
  return (
    <Card title={t('home.balances')} className="balances">
      <div className="balances-grid">
        {items.map((item) => (
          <MoneyText
            key={item.id}
            label={item.label}
            value={item.value}
            asset={item.asset}
            testId={`balance-${item.id}`}
            className={item.id === 'cash' ? 'balance balance-main' : 'balance'}
          />
        ))}
      </div>
    </Card>
  );
}
