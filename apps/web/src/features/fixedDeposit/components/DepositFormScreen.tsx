import '../../../styles/wallet.css';
import { type DepositProduct, type DepositQuote, formatMoney } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { EmptyState } from '../../../components/EmptyState';
import { Fact } from '../../../components/Fact';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { NetReturn } from '../../../components/NetReturn';
import { QueryView } from '../../../components/QueryView';
import { useSpendConfirm } from '../../../components/SpendConfirm';
import { useThrottled } from '../../../lib/throttle';
import { useUserInfo } from '../../../lib/userInfo';
import { coinBalanceOf } from '../../../lib/wallet';
import { useDepositConfig } from '../api/fixedDeposit';
import { useDepositForm } from '../useDepositForm';

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
  const { product, choose, form, preview, send, pending } = useDepositForm(products);
  const user = useUserInfo();
  const spend = useSpendConfirm();

  const submit = useThrottled(() => {
    if (!form.check({ amount: preview.error }) || preview.amount === undefined) return;
    const input = { productId: product.id, amount: formatMoney(preview.amount) };
    const spent = { amount: preview.amount, coin: product.coin, balance: coinBalanceOf(user.data, product.coin) };
    spend.ask(spent, t('spend.what.deposit', { days: product.days }), () => send(input));
  });

  return (
    <Card title={t('deposit.open')}>
      <Form onSubmit={submit}>
        <TermChoice products={products} chosen={product} onChoose={choose} />
        <Field
          label={t('deposit.amount', { coin: product.coin })}
          inputMode="decimal"
          autoComplete="off"
          data-testid="deposit-amount"
          {...form.bind('amount')}
          error={form.errors.amount ?? (preview.belowMin ? tm('INVEST_BELOW_MIN') : undefined)}
        />
        <DepositQuoteFacts product={product} quote={preview.quote} />
        <p className="muted">{t('deposit.rules')}</p>
        <ConfirmButton label={t('deposit.confirm')} pending={pending} onConfirm={submit} testId="deposit-submit" hidden={spend.open} />
      </Form>
      {spend.sheet}
    </Card>
  );
}

/** The terms on offer as radio choices: name, rate and minimum. */
function TermChoice({
  products,
  chosen,
  onChoose,
}: {
  products: DepositProduct[];
  chosen: DepositProduct;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="field">
      <legend className="field-label">{t('deposit.term')}</legend>
      {products.map((p) => (
        <label key={p.id} className="choice">
          <input
            type="radio"
            name="term"
            checked={p.id === chosen.id}
            onChange={() => onChoose(p.id)}
            data-testid={`deposit-term-${p.days}`}
          />
          <span>
            {p.name} · {p.annualRate} · {t('deposit.min', { amount: p.minAmount, coin: p.coin })}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The preview: the rate, the daily and expected interest of the amount typed (— without one) and the term's net return. */
function DepositQuoteFacts({ product, quote }: { product: DepositProduct; quote: DepositQuote | undefined }) {
  const { t } = useTranslation();
  return (
    <dl className="preview" data-testid="deposit-quote">
      <Fact label={t('deposit.rate')} value={product.annualRate} />
      <Fact label={t('deposit.daily')} value={quote ? formatMoney(quote.dailyInterest) : '—'} testId="deposit-quote-daily" />
      <Fact label={t('deposit.expected')} value={quote ? formatMoney(quote.expectedInterest) : '—'} testId="deposit-quote-expected" />
      <NetReturn amount={product.netReturn} rate={product.netReturnRate} coin={product.coin} testId="deposit-net-return" />
    </dl>
  );
}
