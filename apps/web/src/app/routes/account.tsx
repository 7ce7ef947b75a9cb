import { routes } from '@prism/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../components/AppIcon';
import { PageLoading } from '../../components/PageLoading';
import { QueryView } from '../../components/QueryView';
import { TelegramLinkCard } from '../../components/TelegramLinkCard';
import { LogoutButton } from '../../features/auth/components/LogoutButton';
import { openCustomerService } from '../../features/customerService/openCustomerService';
import { useUnreadCount } from '../../features/notice/api/messages';
import { ThemeSwitch } from '../../features/settings/components/ThemeSwitch';
import { useSupportUnread } from '../../features/support/api/support';
import { AccountCard } from '../../features/user/components/AccountCard';
import { AccountFigures } from '../../features/user/components/AccountFigures';
import { WalletActions } from '../../features/user/components/WalletActions';
import { useNavigation } from '../../lib/navigation';
import { useUserInfo } from '../../lib/userInfo';

// The exchange sheet (and its styles) loads when it is opened.
const ExchangeSheet = lazy(() => import('../../features/exchange/components/ExchangeSheet'));

const MENU = [
  { key: 'account.assetRecords', url: routes.assetRecords },
  { key: 'account.bankCard', url: routes.bankCard },
  { key: 'account.loginPassword', url: routes.loginPassword },
  { key: 'account.paymentPassword', url: routes.paymentPassword },
  { key: 'account.language', url: routes.lang },
  { key: 'account.notices', url: routes.notice },
  { key: 'account.giftCode', url: routes.giftCode },
  { key: 'account.levels', url: routes.levels },
  { key: 'account.followInvest', url: routes.followInvest },
  { key: 'account.deposit', url: routes.deposit },
  { key: 'account.protection', url: routes.protection },
  { key: 'account.myPlay', url: routes.myPlay },
  { key: 'account.notifications', url: routes.notifications },
  { key: 'account.support', url: routes.support },
  { key: 'account.liabilities', url: routes.liabilities },
  { key: 'account.myData', url: routes.myData },
  { key: 'account.introduction', url: routes.introduction },
] as const;

/** Personal tab: the account card with the wallet entries, the menu (with customer service), the theme switch and Log out. */
export default function AccountPage() {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  const user = useUserInfo();
  const unread = useUnreadCount().data ?? 0;
  const supportUnread = useSupportUnread().data ?? 0;
  const [exchanging, setExchanging] = useState(false);
  return (
    <div className="stack">
      <QueryView query={user} skeleton="balances">
        {(info) => (
          <>
            <AccountCard user={info}>
              <WalletActions onExchange={() => setExchanging(true)} />
            </AccountCard>
            <AccountFigures user={info} />
            <TelegramLinkCard user={info} />
          </>
        )}
      </QueryView>
      <nav className="card" aria-label={t('account.menu')}>
        <ul className="menu">
          {MENU.map((item) => (
            <li key={item.url}>
              <button type="button" className="menu-item" onClick={() => navigateTo(item.url)}>
                <span>{t(item.key)}</span>
                <span className="menu-end">
                  {item.url === routes.notice && unread > 0 && (
                    <span className="count-badge" data-testid="unread-count">
                      <span aria-hidden="true">{unread}</span>
                      <span className="visually-hidden">{t('notice.unreadCount', { count: unread })}</span>
                    </span>
                  )}
                  {item.url === routes.support && supportUnread > 0 && (
                    <span className="count-badge" data-testid="support-unread">
                      <span aria-hidden="true">{supportUnread}</span>
                      <span className="visually-hidden">{t('notice.unreadCount', { count: supportUnread })}</span>
                    </span>
                  )}
                  <AppIcon name="chevron" directional />
                </span>
              </button>
            </li>
          ))}
          <li>
            {/* The address comes with the user info: until it has loaded, "not set" would be wrong. */}
            <button
              type="button"
              className="menu-item"
              disabled={!user.data}
              onClick={() => openCustomerService(user.data?.customerServiceUrl)}
            >
              <span>{t('account.customerService')}</span>
              <span className="menu-end">
                <AppIcon name="chevron" directional />
              </span>
            </button>
          </li>
          <li>
            <ThemeSwitch />
          </li>
        </ul>
      </nav>
      <LogoutButton />
      {exchanging && user.data && (
        <Suspense fallback={<PageLoading />}>
          <ExchangeSheet user={user.data} onClose={() => setExchanging(false)} />
        </Suspense>
      )}
    </div>
  );
}
