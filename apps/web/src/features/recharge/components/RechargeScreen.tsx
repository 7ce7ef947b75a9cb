import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/QueryView';
import { Tabs } from '../../../components/Tabs';
import { useRechargeAmounts } from '../api/amountList';
import { usePayChannels } from '../api/payChannels';
import { CashRecharge } from './CashRecharge';
import { OrderResult } from './OrderResult';
import { RechargeRecords } from './RechargeRecords';
import { UsdtDeposit } from './UsdtDeposit';

type Tab = 'cash' | 'usdt';

/** /pages/Rechargepage/Rechargepage: Cash and Usdt tabs, the result of a payment (?orderNo=), the records. */
export function RechargeScreen({
  orderNo,
  initialTab,
  cashBalance,
}: {
  orderNo?: string;
  initialTab?: string;
  cashBalance: string | undefined;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(initialTab === 'usdt' ? 'usdt' : 'cash');
  return (
    <div className="stack">
      {orderNo && <OrderResult orderNo={orderNo} cashBalance={cashBalance} />}
      <Tabs
        label={t('wallet.currency')}
        items={[
          { key: 'cash', label: t('wallet.cash') },
          { key: 'usdt', label: t('wallet.usdt') },
        ]}
        value={tab}
        onChange={setTab}
      >
        {tab === 'cash' ? <CashPanel /> : <UsdtDeposit />}
      </Tabs>
      <RechargeRecords />
    </div>
  );
}

function CashPanel() {
  const channels = usePayChannels();
  const amounts = useRechargeAmounts();
  return (
    <QueryView query={channels}>
      {(list) => <QueryView query={amounts}>{(amountList) => <CashRecharge channels={list} amounts={amountList} />}</QueryView>}
    </QueryView>
  );
}
