import '../../../styles/wallet.css';
import { type Asset, type ExchangeRate, formatMoney, type UserInfo } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/AmountField';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { EmptyState } from '../../../components/EmptyState';
import { Form } from '../../../components/Form';
import { QueryView } from '../../../components/QueryView';
import { Sheet } from '../../../components/Sheet';
import { useSpendConfirm } from '../../../components/SpendConfirm';
import { useForm } from '../../../lib/form';
import { useIntent } from '../../../lib/intent';
import { formatAmount, minOf } from '../../../lib/money';
import { haptics, useClosingConfirmation } from '../../../lib/native';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { coinBalanceOf, turnoverLockOf } from '../../../lib/wallet';
import { useExchange, useExchangeRates } from '../api/exchange';
import { checkExchangeAmount, pairsOf, receivePreview } from '../preview';

type Balances = Pick<UserInfo, 'cash' | 'usdtBalance' | 'chip' | 'gold' | 'point' | 'turnoverLocks'>;

const balanceOf = (user: Balances, coin: Asset): string => coinBalanceOf(user, coin) ?? '0';

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
  const pairs = pairsOf(rates);
  const froms = [...pairs.keys()];
  const [from, setFrom] = useState<Asset>(froms[0] ?? 'CASH');
  const tos = pairs.get(from) ?? [];
  const [chosenTo, setTo] = useState<Asset>();
  const to = chosenTo && tos.includes(chosenTo) ? chosenTo : (tos[0] ?? from);
  const form = useForm({ amount: '' });
  const mutation = useExchange();
  const intent = useIntent();
  const rate = rates.find((entry) => entry.fromCoin === from && entry.toCoin === to);
  const receive = receivePreview(rates, from, to, form.values.amount);
  // The most that may be exchanged: the balance (the turnover lock moves with the money, it never refuses).
  const available = balanceOf(user, from);
  // The lock is counted on recharged money and can be larger than the coins in hand: the note shows the part of the balance it holds.
  const lock = turnoverLockOf(user, from);
  const checked = checkExchangeAmount(form.values.amount, available, receive);
  const overLimit = 'error' in checked && checked.error === 'INSUFFICIENT_BALANCE';
  useClosingConfirmation(form.dirty);
  const spend = useSpendConfirm();

  const submit = useThrottled(() => {
    if (!form.check({ amount: 'error' in checked ? checked.error : undefined }) || 'error' in checked) return;
    const input = { fromCoin: from, toCoin: to, amount: formatMoney(checked.value) };
    const spent = { amount: checked.value, coin: from, balance: available };
    spend.ask(spent, t('spend.what.exchange', { receive: receive ?? '—', to }), () => send(input));
  });

  const send = (input: { fromCoin: Asset; toCoin: Asset; amount: string }) =>
    mutation.mutate(
      { input, idempotencyKey: intent.keyFor(input) },
      {
        onSuccess: (result) => {
          intent.settle();
          haptics.success();
          form.setValues({ amount: '' });
          toast(t('exchange.done', { amount: formatAmount(result.received), coin: result.toCoin }));
        },
        onError: (failure) => {
          intent.settle(failure);
          form.fail(failure);
        },
      },
    );

  return (
    <Form onSubmit={submit}>
      <div className="exchange-pair">
        <label className="field">
          <span className="field-label">{t('exchange.from')}</span>
          <select
            className="select"
            value={from}
            onChange={(event) => {
              haptics.selection();
              setFrom(event.target.value as Asset);
            }}
            data-testid="exchange-from"
          >
            {froms.map((coin) => (
              <option key={coin} value={coin}>
                {coin}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="icon-button exchange-swap"
          aria-label={t('exchange.swap')}
          disabled={!pairs.get(to)?.includes(from)}
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
        >
          ⇄
        </button>
        <label className="field">
          <span className="field-label">{t('exchange.to')}</span>
          <select
            className="select"
            value={to}
            onChange={(event) => {
              haptics.selection();
              setTo(event.target.value as Asset);
            }}
            data-testid="exchange-to"
          >
            {tos.map((coin) => (
              <option key={coin} value={coin}>
                {coin}
              </option>
            ))}
          </select>
        </label>
      </div>
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
        pending={mutation.isPending}
        disabled={overLimit}
        onConfirm={submit}
        testId="exchange-confirm"
        hidden={spend.open}
      />
      {spend.sheet}
    </Form>
  );
}
