import { isWithinWindow, type WalletConfig } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatAmount } from '../../../lib/money';
import { feePercentOf } from '../preview';
import { openDaysOf } from '../rules';

/** The published withdrawal rules of one currency (docs/protection.md, "What the player is shown"): limits, fee, daily cap, hours and days in their time zone. */
export function RulesCard({ config }: { config: WalletConfig }) {
  const { t, i18n } = useTranslation();
  const currency = config.curreny;
  const open = config.openWithdraw && isWithinWindow(new Date(), config);
  const days = openDaysOf(config.weekDays, i18n.language);
  const rows: [string, string][] = [
    [t('withdraw.min'), `${formatAmount(config.withdrawMinLimit)} ${currency}`],
    [t('withdraw.max'), `${formatAmount(config.withdrawMaxLimit)} ${currency}`],
    [t('withdraw.fee'), `${feePercentOf(config.withdrawFeeRate)}%`],
    [t('withdraw.dailyCap'), `${formatAmount(config.withdrawLimitSingleDay)} ${currency}`],
    [t('withdraw.hours'), `${config.startAndEndTime} (${config.timeZone})`],
    [t('withdraw.days'), days ?? t('withdraw.everyDay')],
    [
      t('withdraw.turnover'),
      Number(config.betLimitRechargeMultiple4Withdraw) > 0
        ? t('withdraw.turnoverTimes', { multiple: config.betLimitRechargeMultiple4Withdraw })
        : t('withdraw.turnoverNone'),
    ],
  ];
  return (
    <Card title={t('withdraw.rules')}>
      <div className="row-line rules-state">
        <StatusBadge tone={open ? 'good' : 'bad'} testId="withdraw-open">
          {!config.openWithdraw ? t('withdraw.closed') : open ? t('withdraw.openNow') : t('withdraw.closedNow')}
        </StatusBadge>
      </div>
      <dl className="facts" data-testid="withdraw-rules">
        {rows.map(([label, value]) => (
          <div key={label} className="fact">
            <dt>{label}</dt>
            <dd dir="ltr">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">{t('withdraw.autoAudit', { amount: `${formatAmount(config.autoAuditAmount)} ${currency}` })}</p>
    </Card>
  );
}
