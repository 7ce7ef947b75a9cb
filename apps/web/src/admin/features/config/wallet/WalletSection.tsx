import { ASSETS, WALLET_CURRENCIES } from '@prism/domain';
import { useState } from 'react';
import { type Column, DataTable } from '../../../components/DataTable';
import { ConfigForm } from '../shared/ConfigForm';
import type { FieldSpec } from '../shared/formState';
import { QueryState } from '../shared/QueryState';
import { useSaveAndRefresh } from '../shared/useRefresh';
import { type RateRow, saveRate, saveWalletConfig, useRates, useWalletConfig, walletKey } from './api';
import { CONFIG_FIELDS } from './fields';
import { PayChannelsSection } from './PayChannelsSection';

const RATE_FIELDS: readonly FieldSpec[] = [
  { name: 'fromCoin', label: 'From', kind: 'select', options: ASSETS, always: true },
  { name: 'toCoin', label: 'To', kind: 'select', options: ASSETS, always: true },
  { name: 'rate', label: 'Rate', hint: 'Units of "to" per "from"; "off" closes the pair', always: true },
];

const RATE_COLUMNS: Column<RateRow>[] = [
  { id: 'pair', header: 'Pair', cell: (r) => `${r.fromCoin} → ${r.toCoin}` },
  { id: 'rate', header: 'Rate', cell: (r) => r.rate, numeric: true },
  { id: 'on', header: 'Open', cell: (r) => (r.enabled ? 'Yes' : 'No') },
];

function CurrencyConfig({ currency }: { currency: string }) {
  const config = useWalletConfig(currency);
  const refresh = useSaveAndRefresh(walletKey);
  return (
    <>
      <QueryState isLoading={config.isLoading} error={config.error} />
      {config.data ? (
        <ConfigForm
          key={currency}
          title={`Recharge and withdrawal in ${currency}`}
          fields={CONFIG_FIELDS}
          row={config.data}
          fixed={{ currency }}
          save={(body) => refresh(() => saveWalletConfig(body))}
          onReload={() => void config.refetch()}
        />
      ) : null}
    </>
  );
}

/** Recharge/withdrawal configuration per currency, and the exchange rates between coins. */
export function WalletSection() {
  const [currency, setCurrency] = useState<string>(WALLET_CURRENCIES[0]);
  const rates = useRates();
  const refresh = useSaveAndRefresh(walletKey);
  const [rate, setRate] = useState<RateRow | undefined>();
  const rateColumns: Column<RateRow>[] = [
    ...RATE_COLUMNS,
    {
      id: 'edit',
      header: '',
      cell: (r) => (
        <button type="button" onClick={() => setRate(r)}>
          Edit
        </button>
      ),
    },
  ];
  return (
    <section aria-labelledby="wallet-title">
      <h2 id="wallet-title">Wallet</h2>
      <div role="tablist" aria-label="Currency">
        {WALLET_CURRENCIES.map((c) => (
          <button key={c} type="button" role="tab" aria-selected={c === currency} onClick={() => setCurrency(c)}>
            {c}
          </button>
        ))}
      </div>
      <CurrencyConfig currency={currency} />
      <PayChannelsSection />
      <QueryState isLoading={rates.isLoading} error={rates.error} />
      <DataTable
        caption="Exchange rates"
        columns={rateColumns}
        rows={rates.data}
        rowKey={(r) => `${r.fromCoin}-${r.toCoin}`}
        empty="No rates"
      />
      <ConfigForm
        key={rate ? `${rate.fromCoin}-${rate.toCoin}` : 'new'}
        title={rate ? `Rate ${rate.fromCoin} → ${rate.toCoin}` : 'New rate'}
        fields={RATE_FIELDS}
        row={rate && rates.data?.find((r) => r.fromCoin === rate.fromCoin && r.toCoin === rate.toCoin)}
        save={(body) => refresh(() => saveRate(body))}
        onReload={() => void rates.refetch()}
      />
    </section>
  );
}
