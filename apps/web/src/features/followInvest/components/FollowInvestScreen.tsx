import '../../../styles/wallet.css';
import { type AdvisorProduct, formatBasisPoints, formatMoney, routes } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar';
import { Card } from '../../../components/Card';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { EmptyState } from '../../../components/EmptyState';
import { Fact } from '../../../components/Fact';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { NetReturn } from '../../../components/NetReturn';
import { QueryView } from '../../../components/QueryView';
import { Sheet } from '../../../components/Sheet';
import { SpendSummary } from '../../../components/SpendConfirm';
import { useForm } from '../../../lib/form';
import { useKeyedSubmit } from '../../../lib/keyedSubmit';
import { useClosingConfirmation } from '../../../lib/native';
import { useNavigation } from '../../../lib/navigation';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { useUserInfo } from '../../../lib/userInfo';
import { coinBalanceOf } from '../../../lib/wallet';
import { useFollowInvestProducts, usePlaceFollowInvestOrder } from '../api/followInvest';
import { quoteOf } from '../quote';

/** Follow-invest: the advisors' products; Follow opens the order confirmation with everything the order will pay. */
export function FollowInvestScreen() {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  const products = useFollowInvestProducts();
  const [chosen, setChosen] = useState<AdvisorProduct>();
  return (
    <div className="stack">
      <button type="button" className="btn btn-ghost" onClick={() => navigateTo(routes.followInvestOrders)} data-testid="follow-my-orders">
        {t('followInvest.myOrders')}
      </button>
      <QueryView query={products}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState message={t('followInvest.empty')} />
          ) : (
            <ul className="rows" aria-label={t('followInvest.products')} data-testid="follow-products">
              {list.map((product) => (
                <li key={product.id} className="row">
                  <ProductCard product={product} onFollow={() => setChosen(product)} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      {chosen && (
        <Sheet title={t('followInvest.confirmTitle')} onClose={() => setChosen(undefined)} testId="follow-confirm">
          <OrderConfirm product={chosen} onDone={() => setChosen(undefined)} />
        </Sheet>
      )}
    </div>
  );
}

function ProductCard({ product, onFollow }: { product: AdvisorProduct; onFollow: () => void }) {
  const { t } = useTranslation();
  return (
    <Card title={product.advisorName}>
      <div className="record" data-testid="follow-product">
        <Avatar src={product.avatarUrl || undefined} name={product.advisorName} />
        <dl className="facts">
          <Fact label={t('followInvest.price')} value={`${product.price} ${product.coin}`} />
          <Fact label={t('followInvest.days')} value={t('followInvest.daysValue', { count: product.days })} />
          <Fact label={t('followInvest.dailyEarnings')} value={`${product.dailyEarnings} (${product.dailyRate})`} />
          <Fact label={t('spend.gross')} value={`${product.totalReturn} (${product.totalReturnRate})`} />
          <Fact label={t('followInvest.fee', { rate: product.managementFeeRate })} value={product.managementFeeRate} />
          <NetReturn amount={product.netReturn} rate={product.netReturnRate} coin={product.coin} testId="follow-net-return" />
        </dl>
      </div>
      <button type="button" className="btn btn-primary" onClick={onFollow} data-testid="follow-open">
        {t('followInvest.follow')}
      </button>
    </Card>
  );
}

/** The order confirmation: amount (at least the price), then the daily earnings, total, fee and maturity amount; Confirm orders. */
function OrderConfirm({ product, onDone }: { product: AdvisorProduct; onDone: () => void }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const form = useForm({ amount: product.price });
  // Telegram asks before closing while the form holds unsent input (docs/telegram.md).
  useClosingConfirmation(form.dirty);
  const buy = usePlaceFollowInvestOrder();
  const send = useKeyedSubmit(buy, {
    done: () => {
      toast(t('followInvest.bought'));
      onDone();
    },
    failed: form.fail,
  });
  const shown = quoteOf(product, form.values.amount);
  const user = useUserInfo();

  const submit = useThrottled(() => {
    if (!form.check({ amount: 'error' in shown ? shown.error : undefined }) || 'error' in shown) return;
    send({ productId: product.id, amount: formatMoney(shown.amount) });
  });

  return (
    <Form onSubmit={submit}>
      <p className="muted">{t('followInvest.advisor', { name: product.advisorName, days: product.days })}</p>
      <Field
        label={t('followInvest.amount', { coin: product.coin })}
        inputMode="decimal"
        autoComplete="off"
        data-testid="follow-amount"
        {...form.bind('amount')}
        error={form.errors.amount ?? ('error' in shown && form.values.amount ? tm(shown.error) : undefined)}
      />
      {'quote' in shown && (
        <dl className="preview" data-testid="follow-quote">
          <Fact label={t('followInvest.dailyEarnings')} value={formatMoney(shown.quote.dailyEarning)} testId="follow-quote-daily" />
          <Fact label={t('spend.gross')} value={formatMoney(shown.quote.totalReturn)} />
          <Fact label={t('followInvest.gift')} value={formatMoney(shown.quote.giftAmount)} />
          <Fact
            label={t('followInvest.fee', { rate: product.managementFeeRate })}
            value={formatMoney(shown.quote.managementFee)}
            testId="follow-quote-fee"
          />
          <Fact label={t('followInvest.maturity')} value={formatMoney(shown.quote.maturityAmount)} testId="follow-quote-maturity" />
          <NetReturn
            amount={formatMoney(shown.net.amount)}
            rate={formatBasisPoints(shown.net.rateBp)}
            coin={product.coin}
            testId="follow-quote-net"
          />
        </dl>
      )}
      {'quote' in shown && (
        <SpendSummary spend={{ amount: shown.amount, coin: product.coin, balance: coinBalanceOf(user.data, product.coin) }} />
      )}
      <p className="muted">{t('followInvest.rules')}</p>
      <ConfirmButton label={t('followInvest.confirm')} pending={buy.isPending} onConfirm={submit} testId="follow-submit" />
    </Form>
  );
}
