import '../../../styles/wallet.css';
import { type DepositProduct, depositQuote, formatMoney } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { EmptyState } from '../../../components/EmptyState';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { NetReturn } from '../../../components/NetReturn';
import { QueryView } from '../../../components/QueryView';
import { useSpendConfirm } from '../../../components/SpendConfirm';
import { useForm } from '../../../lib/form';
import { useIntent } from '../../../lib/intent';
import { parseAmountInput, toMinor } from '../../../lib/money';
import { haptics, useClosingConfirmation } from '../../../lib/native';
import { useNavigation } from '../../../lib/navigation';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { coinBalanceOf } from '../../../lib/wallet';
import { Fact } from '../../followInvest/components/FollowInvestScreen';
import { basisPointsOf } from '../../followInvest/quote';
import { useUserInfo } from '../../user/api/getUserInfo';
import { useDepositConfig, useOpenDeposit } from '../api/fixedDeposit';

/** The deposit form: choose a term, the amount; the daily and expected interest and the net return shown, then Confirm and the payment's confirmation. */
export function DepositFormScreen() {
  const { t } = useTranslation();
  const config = useDepositConfig();
  return (
    <QueryView query={config}>
      {({ products }) => (products.length === 0 ? <EmptyState message={t('deposit.noTerms')} /> : <DepositForm products={products} />)}
    </QueryView>
  );
}

function DepositForm({ products }: { products: DepositProduct[] }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const { navigateBack } = useNavigation();
  const [productId, setProductId] = useState(products[0]?.id ?? 0);
  const product = products.find((p) => p.id === productId) ?? (products[0] as DepositProduct);
  const form = useForm({ amount: '' });
  // Telegram asks before closing while the form holds unsent input (docs/telegram.md).
  useClosingConfirmation(form.dirty);
  const open = useOpenDeposit();
  const intent = useIntent();
  const amount = parseAmountInput(form.values.amount);
  const belowMin = amount.ok && amount.value < toMinor(product.minAmount);
  const user = useUserInfo();
  const spend = useSpendConfirm();
  const quote = amount.ok ? depositQuote(amount.value, { annualRateBp: basisPointsOf(product.annualRate), days: product.days }) : undefined;

  const submit = useThrottled(() => {
    const error = !amount.ok ? amount.error : belowMin ? 'INVEST_BELOW_MIN' : undefined;
    if (!form.check({ amount: error }) || !amount.ok) return;
    const input = { productId: product.id, amount: formatMoney(amount.value) };
    const spent = { amount: amount.value, coin: product.coin, balance: coinBalanceOf(user.data, product.coin) };
    spend.ask(spent, t('spend.what.deposit', { days: product.days }), () => send(input));
  });

  const send = (input: { productId: number; amount: string }) =>
    open.mutate(
      { input, idempotencyKey: intent.keyFor(input) },
      {
        onSuccess: () => {
          intent.settle();
          haptics.success();
          toast(t('deposit.opened'));
          navigateBack();
        },
        onError: (failure) => {
          intent.settle(failure);
          haptics.error();
          form.fail(failure);
        },
      },
    );

  return (
    <Card title={t('deposit.open')}>
      <Form onSubmit={submit}>
        <fieldset className="field">
          <legend className="field-label">{t('deposit.term')}</legend>
          {products.map((p) => (
            <label key={p.id} className="choice">
              <input
                type="radio"
                name="term"
                checked={p.id === product.id}
                onChange={() => setProductId(p.id)}
                data-testid={`deposit-term-${p.days}`}
              />
              <span>
                {p.name} · {p.annualRate} · {t('deposit.min', { amount: p.minAmount, coin: p.coin })}
              </span>
            </label>
          ))}
        </fieldset>
        <Field
          label={t('deposit.amount', { coin: product.coin })}
          inputMode="decimal"
          autoComplete="off"
          data-testid="deposit-amount"
          {...form.bind('amount')}
          error={form.errors.amount ?? (belowMin ? tm('INVEST_BELOW_MIN') : undefined)}
        />
        <dl className="preview" data-testid="deposit-quote">
          <Fact label={t('deposit.rate')} value={product.annualRate} />
          <Fact label={t('deposit.daily')} value={quote ? formatMoney(quote.dailyInterest) : '—'} testId="deposit-quote-daily" />
          <Fact label={t('deposit.expected')} value={quote ? formatMoney(quote.expectedInterest) : '—'} testId="deposit-quote-expected" />
          <NetReturn amount={product.netReturn} rate={product.netReturnRate} coin={product.coin} testId="deposit-net-return" />
        </dl>
        <p className="muted">{t('deposit.rules')}</p>
        <ConfirmButton
          label={t('deposit.confirm')}
          pending={open.isPending}
          onConfirm={submit}
          testId="deposit-submit"
          hidden={spend.open}
        />
      </Form>
      {spend.sheet}
    </Card>
  );
}
