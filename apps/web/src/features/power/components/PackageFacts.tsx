import type { PowerSession } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { NetReturn } from '../../../components/NetReturn';

/** What a package costs and pays, and its return net of the daily fees, shown before buying or giving. */
export function PackageFacts({ session }: { session: PowerSession }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('power.price'), `${session.price} ${session.coin}`],
    [t('power.power'), session.power],
    [t('power.term'), t('power.days', { count: session.termDays })],
    [t('power.dailyRate'), session.dailyRate],
    [t('power.dailyIncome'), `${session.dailyIncome} ${session.coin}`],
    [t('power.totalIncome'), `${session.totalIncome} ${session.coin}`],
    [t('power.dailyFee'), `${session.dailyFee} ${session.coin} (${session.feeRate})`],
    [t('power.limit'), t('power.limitValue', { bought: session.boughtToday, limit: session.dailyLimit })],
  ];
  return (
    <dl className="preview">
      {rows.map(([label, value]) => (
        <div className="fact" key={label}>
          <dt>{label}</dt>
          <dd dir="ltr">{value}</dd>
        </div>
      ))}
      <NetReturn amount={session.netReturn} rate={session.netReturnRate} coin={session.coin} testId="power-net-return" />
    </dl>
  );
}
