import type { BankCardView, UserInfo, WalletCurrency, WalletView, WithdrawalView } from '@prism/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/QueryView';
import { Tabs } from '../../../components/Tabs';
import { TelegramLinkCard } from '../../../components/TelegramLinkCard';
import { balanceOf, breakdownOf, withdrawableOf } from '../../../lib/wallet';
import { useWalletConfig } from '../api/getConfig';
import { BalanceSummary } from './BalanceSummary';
import { RulesCard } from './RulesCard';
import { WithdrawForm } from './WithdrawForm';
import { WithdrawHistory } from './WithdrawHistory';
import { WithdrawResult } from './WithdrawResult';

/**
 * /pages/Withdrawalpage/Withdrawalpage: Cash and Usdt tabs, each with the
 * balance and withdrawable part, the published rules and the form; the result
 * of the last withdrawal and the history below.
 */
export function WithdrawScreen({
  user,
  cards,
  wallets,
  initialTab,
}: {
  user: UserInfo;
  cards: UseQueryResult<BankCardView[]>;
  wallets: UseQueryResult<WalletView[]>;
  initialTab?: string;
}) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<WalletCurrency>(initialTab === 'usdt' ? 'USDT' : 'CASH');
  const [result, setResult] = useState<WithdrawalView>();
  const config = useWalletConfig(currency);
  return (
    <div className="stack">
      <TelegramLinkCard user={user} />
      <Tabs
        label={t('wallet.currency')}
        items={[
          { key: 'CASH', label: t('wallet.cash') },
          { key: 'USDT', label: t('wallet.usdt') },
        ]}
        value={currency}
        onChange={(next) => {
          setCurrency(next);
          setResult(undefined);
        }}
      >
        <BalanceSummary currency={currency} breakdown={breakdownOf(user, currency)} />
        {result && <WithdrawResult withdrawal={result} />}
        <QueryView query={config}>
          {(rules) => (
            <>
              <WithdrawForm
                key={currency}
                currency={currency}
                config={rules}
                balance={balanceOf(user, currency)}
                withdrawable={withdrawableOf(user, currency)}
                hasAssetPassword={user.hasAssetPassword}
                cards={cards}
                wallets={wallets}
                onDone={setResult}
              />
              <RulesCard config={rules} />
            </>
          )}
        </QueryView>
      </Tabs>
      <WithdrawHistory />
    </div>
  );
}
