import { useTranslation } from 'react-i18next';

/**
 * Which rule holds rewards, where they are granted and on the withdrawal page
 * (one text, withdraw.rewardsRule): none of their own; they arrive free and
 * are held only while the turnover rule counts more than the rest of the balance.
 */
export function RewardsRule({ testId = 'rewards-rule' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className="muted balances-note" data-testid={testId}>
      {t('withdraw.rewardsRule')}
    </p>
  );
}
