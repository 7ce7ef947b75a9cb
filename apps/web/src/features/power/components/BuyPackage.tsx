import { type Asset, type PowerSession, routes, type UserInfo, withinDailyLimit } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Form } from '../../../components/Form';
import { SpendSummary } from '../../../components/SpendConfirm';
import { errorMessage } from '../../../lib/api';
import { useIntent } from '../../../lib/intent';
import { toMinor } from '../../../lib/money';
import { haptics } from '../../../lib/native';
import { useNavigation } from '../../../lib/navigation';
import { useThrottled } from '../../../lib/throttle';
import { toast, toastError } from '../../../lib/toast';
import { coinBalanceOf } from '../../../lib/wallet';
import { useBuyPower } from '../api/power';
import { PackageFacts } from './PackageFacts';

/** The balance a package is paid from. */
export function balanceOf(info: UserInfo | undefined, coin: Asset): string {
  return coinBalanceOf(info, coin) ?? '—';
}

/**
 * The package's page: what it costs and pays, the balance it is paid from, and
 * Confirm (Telegram's MainButton inside Telegram): the confirmation the
 * specification asks for before a purchase, with the price and the balance
 * after (SpendSummary, as every spend shows). 'Purchase Successful' or the error.
 */
export function BuyPackage({ session, info }: { session: PowerSession; info: UserInfo | undefined }) {
  const { t } = useTranslation();
  const buy = useBuyPower();
  const intent = useIntent();
  const { redirectTo } = useNavigation();
  // The server's own count: at the daily limit Confirm is disabled and says why, rather than answer with an error.
  const limitReached = !withinDailyLimit(session.boughtToday, session.dailyLimit);
  const submit = useThrottled(() => {
    if (limitReached) return;
    buy.mutate(
      { sessionId: session.id, idempotencyKey: intent.keyFor(session.id) },
      {
        onSuccess: () => {
          intent.settle();
          haptics.success();
          toast(t('power.bought'));
          redirectTo(routes.doubleInvest);
        },
        onError: (error) => {
          intent.settle(error);
          haptics.error();
          toastError(errorMessage(error));
        },
      },
    );
  });
  return (
    <Card title={session.name} className="power-confirm">
      <PackageFacts session={session} />
      <p className="muted" data-testid="power-pay-from">
        {t('power.payFrom', { balance: balanceOf(info, session.coin), coin: session.coin })}
      </p>
      <p>{t('power.confirmText', { price: session.price, coin: session.coin, power: session.power })}</p>
      <SpendSummary spend={{ amount: toMinor(session.price), coin: session.coin, balance: coinBalanceOf(info, session.coin) }} />
      {limitReached && (
        <p className="note" role="status" data-testid="power-limit-reached">
          {t('power.limitReached', { bought: session.boughtToday, limit: session.dailyLimit })}
        </p>
      )}
      <Form onSubmit={submit}>
        <ConfirmButton
          label={t('power.confirmBuy')}
          pending={buy.isPending}
          disabled={limitReached}
          onConfirm={submit}
          testId="power-confirm"
        />
      </Form>
    </Card>
  );
}
