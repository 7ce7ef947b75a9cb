import { type Asset, type ExchangeRate, formatMoney, type UserInfo } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/form';
import { useIntent } from '../../lib/intent';
import { formatAmount } from '../../lib/money';
import { haptics, useClosingConfirmation } from '../../lib/native';
import { toast } from '../../lib/toast';
import { coinBalanceOf, turnoverLockOf } from '../../lib/wallet';
import { useExchange } from './api/exchange';
import { checkExchangeAmount, pairsOf, receivePreview } from './preview';

export type Balances = Pick<UserInfo, 'cash' | 'usdtBalance' | 'chip' | 'gold' | 'point' | 'turnoverLocks'>;

const balanceOf = (user: Balances, coin: Asset): string => coinBalanceOf(user, coin) ?? '0';

/** The coins to exchange: from (any with a rate), to (any `from` has a rate to; the first when the choice no longer fits). */
function useCoinPair(rates: ExchangeRate[]) {
  const pairs = pairsOf(rates);
  const froms = [...pairs.keys()];
  const [from, setFrom] = useState<Asset>(froms[0] ?? 'CASH');
  const tos = pairs.get(from) ?? [];
  const [chosenTo, setTo] = useState<Asset>();
  const to = chosenTo && tos.includes(chosenTo) ? chosenTo : (tos[0] ?? from);
  const swap = () => {
    setFrom(to);
    setTo(from);
  };
  return { froms, tos, from, to, setFrom, setTo, swap, canSwap: pairs.get(to)?.includes(from) ?? false };
}

/** The exchange form's state: the coin pair, the amount and what it buys, the balance and lock, and the keyed request. */
export function useExchangeForm(rates: ExchangeRate[], user: Balances) {
  const { t } = useTranslation();
  const pair = useCoinPair(rates);
  const { from, to } = pair;
  const form = useForm({ amount: '' });
  const mutation = useExchange();
  const intent = useIntent();
  const receive = receivePreview(rates, from, to, form.values.amount);
  // The most that may be exchanged: the balance (the turnover lock moves with the money, it never refuses).
  const available = balanceOf(user, from);
  const checked = checkExchangeAmount(form.values.amount, available, receive);
  useClosingConfirmation(form.dirty);

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

  return {
    pair,
    form,
    rate: rates.find((entry) => entry.fromCoin === from && entry.toCoin === to),
    receive,
    available,
    // The lock is counted on recharged money and can be larger than the coins in hand: the note shows the part of the balance it holds.
    lock: turnoverLockOf(user, from),
    checked,
    overLimit: 'error' in checked && checked.error === 'INSUFFICIENT_BALANCE',
    send,
    pending: mutation.isPending,
    toInput: (amount: bigint) => ({ fromCoin: from, toCoin: to, amount: formatMoney(amount) }),
  };
}
