import { routes } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { AppIcon, type AppIconName } from '../../../components/AppIcon';
import { useNavigation } from '../../../lib/navigation';

/** The account card's entries to the wallet: Recharge, Withdraw, Exchange (a sheet), Asset records, Bank card. */
export function WalletActions({ onExchange }: { onExchange: () => void }) {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  const items: { key: 'recharge' | 'withdraw' | 'exchange' | 'assetRecords' | 'bankCard'; icon: AppIconName; run: () => void }[] = [
    { key: 'recharge', icon: 'arrowDown', run: () => navigateTo(routes.recharge) },
    { key: 'withdraw', icon: 'arrowUp', run: () => navigateTo(routes.withdrawal) },
    { key: 'exchange', icon: 'swap', run: onExchange },
    { key: 'assetRecords', icon: 'list', run: () => navigateTo(routes.assetRecords) },
    { key: 'bankCard', icon: 'card', run: () => navigateTo(routes.bankCard) },
  ];
  return (
    <nav className="wallet-actions" aria-label={t('account.wallet')}>
      {items.map((item) => (
        <button key={item.key} type="button" className="wallet-action" onClick={item.run} data-testid={`action-${item.key}`}>
          <span className="wallet-action-icon">
            <AppIcon name={item.icon} />
          </span>
          <span>{t(`account.${item.key}`)}</span>
        </button>
      ))}
    </nav>
  );
}
