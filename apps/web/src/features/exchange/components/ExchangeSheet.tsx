import '../../../styles/wallet.css';
import { type Asset, type ExchangeRate, formatMoney } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/AmountField';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { EmptyState } from '../../../components/EmptyState';
import { Form } from '../../../components/Form';
import { QueryView } from '../../../components/QueryView';
import { Sheet } from '../../../components/Sheet';
import { useSpendConfirm } from '../../../components/SpendConfirm';
import { formatAmount, minOf } from '../../../lib/money';
import { haptics } from '../../../lib/native';
import { useThrottled } from '../../../lib/throttle';
import { useExchangeRates } from '../api/exchange';
import { pairsOf } from '../preview';
import { type Balances, useExchangeForm } from '../useExchangeForm';

/** The Personal tab's exchange: the rates, from and to coins, the amount and what it buys, then Exchange. */
export default function ExchangeSheet({ user, onClose }: { user: Balances; onClose: () => void }) {
  const { t } = useTranslation();
  const rates = useExchangeRates();
  return (
    <Sheet title={t('exchange.title')} onClose={onClose} testId="exchange-sheet">
      <QueryView query={rates}>
        {(list) => (pairsOf(list).size === 0 ? <EmptyState message={t('exchange.noRates')} /> : <ExchangeForm rates={list} user={user} />)}
      </QueryView>
    </Sheet>
  );
}

function ExchangeForm({ rates, user }: { rates: ExchangeRate[]; user: Balances }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const { pair, form, rate, receive, available, lock, checked, overLimit, send, pending, toInput } = useExchangeForm(rates, user);
  const { from, to } = pair;
  const spend = useSpendConfirm();

  const submit = useThrottled(() => {
    if (!form.check({ amount: 'error' in checked ? checked.error : undefined }) || 'error' in checked) return;
    const input = toInput(checked.value);
    const spent = { amount: checked.value, coin: from, balance: available };
    spend.ask(spent, t('spend.what.exchange', { receive: receive ?? '—', to }), () => send(input));
  });

  return (
    <Form onSubmit={submit}>
      <CoinPair pair={pair} />
      {rate && (
        <p className="muted" dir="ltr" data-testid="exchange-rate">
          1 {from} = {rate.rate} {to}
        </p>
      )}
      <AmountField
        label={t('exchange.amount', { coin: from })}
        hint={t('exchange.available', { amount: formatAmount(available), coin: from })}
        max={available}
        maxLabel={t('exchange.max')}
        onMax={(amount) => {
          form.setValues({ amount });
          form.setErrors({});
        }}
        testId="exchange-amount"
        {...form.bind('amount')}
        error={form.errors.amount ?? (overLimit ? tm('INSUFFICIENT_BALANCE') : undefined)}
      />
      {lock && (
        <p className="muted" data-testid="exchange-turnover">
          {t('exchange.turnoverNote', {
            locked: formatAmount(formatMoney(minOf(lock.locked, available))),
            needed: formatAmount(lock.needed),
            coin: from,
          })}
        </p>
      )}
      <dl className="preview">
        <div className="fact">
          <dt>{t('exchange.receive')}</dt>
          <dd data-testid="exchange-receive">
            <strong>{receive ?? '—'}</strong> {to}
          </dd>
        </div>
      </dl>
      <ConfirmButton
        label={t('exchange.confirm')}
        pending={pending}
        disabled={overLimit}
        onConfirm={submit}
        testId="exchange-confirm"
        hidden={spend.open}
      />
      {spend.sheet}
    </Form>
  );
}

type Pair = ReturnType<typeof useExchangeForm>['pair'];

/** The from and to coins, with the swap between them (when the reverse pair has a rate). */
function CoinPair({ pair }: { pair: Pair }) {
  const { t } = useTranslation();
  return (
    <div className="exchange-pair">
      <CoinSelect label={t('exchange.from')} value={pair.from} coins={pair.froms} onChange={pair.setFrom} testId="exchange-from" />
      <button
        type="button"
        className="icon-button exchange-swap"
        aria-label={t('exchange.swap')}
        disabled={!pair.canSwap}
        onClick={pair.swap}
      >
        ⇄
      </button>
      <CoinSelect label={t('exchange.to')} value={pair.to} coins={pair.tos} onChange={pair.setTo} testId="exchange-to" />
    </div>
  );
}

function CoinSelect(props: { label: string; value: Asset; coins: Asset[]; onChange: (coin: Asset) => void; testId: string }) {
  return (
    <label className="field">
      <span className="field-label">{props.label}</span>
      <select
        className="select"
        value={props.value}
        onChange={(event) => {
          haptics.selection();
          props.onChange(event.target.value as Asset);
        }}
        data-testid={props.testId}
      >
        {props.coins.map((coin) => (
          <option key={coin} value={coin}>
            {coin}
          </option>
        ))}
      </select>
    </label>
  );
}
