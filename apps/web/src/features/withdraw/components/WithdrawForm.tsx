import { type BankCardView, routes, type WalletConfig, type WalletCurrency, type WalletView, type WithdrawalView } from '@prism/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/AmountField';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { SendCodeButton } from '../../../components/SendCodeButton';
import { SpendConfirmSheet } from '../../../components/SpendConfirm';
import { useNavigation } from '../../../lib/navigation';
import { useWithdrawForm } from '../useWithdrawForm';
import { Destination } from './Destination';

/** The payment password: six hidden digits on the numeric keypad, never autofilled. */
const pin = { type: 'password', inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, autoComplete: 'off' } as const;

export interface WithdrawFormProps {
  currency: WalletCurrency;
  config: WalletConfig;
  balance: string;
  withdrawable: string;
  hasAssetPassword: boolean;
  cards: UseQueryResult<BankCardView[]>;
  wallets: UseQueryResult<WalletView[]>;
  onDone: (withdrawal: WithdrawalView) => void;
}

/**
 * Amount (with the fee and what arrives, before confirming), destination,
 * payment password and the code the bot sends to Telegram, then Confirm
 * (Telegram's MainButton inside Telegram).
 */
export function WithdrawForm(props: WithdrawFormProps) {
  const { t } = useTranslation();
  const { currency, withdrawable, hasAssetPassword, cards, wallets } = props;
  const state = useWithdrawForm({ ...props, cards: cards.data, wallets: wallets.data });
  const { form, preview } = state;
  return (
    <Form onSubmit={state.submit} className="card">
      <AmountField
        label={`${t('withdraw.amount')} (${currency})`}
        max={withdrawable}
        maxLabel={t('withdraw.all')}
        onMax={state.fillAmount}
        testId="withdraw-amount"
        {...form.bind('amount')}
      />
      <dl className="preview" data-testid="withdraw-preview">
        <div className="fact">
          <dt>{t('withdraw.fee')}</dt>
          <dd data-testid="withdraw-fee">
            {preview ? preview.fee : '—'} {currency}
          </dd>
        </div>
        <div className="fact">
          <dt>{t('withdraw.receive')}</dt>
          <dd data-testid="withdraw-receive">
            <strong>{preview ? preview.receive : '—'}</strong> {currency}
          </dd>
        </div>
      </dl>
      <Destination
        currency={currency}
        cards={cards}
        wallets={wallets}
        chosenCardId={state.chosenCard?.id}
        onCard={state.chooseCard}
        network={state.network}
        onNetwork={state.chooseNetwork}
        boundAddress={state.boundAddress}
        error={form.errors.destination}
      />
      {hasAssetPassword ? (
        <Field label={t('withdraw.assetPassword')} {...pin} {...form.bind('assetPassword')} />
      ) : (
        <NoAssetPassword error={form.errors.assetPassword} />
      )}
      <Field
        label={t('withdraw.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        hint={state.sentTo ? undefined : t('withdraw.codeHint')}
        trailing={
          <SendCodeButton onSend={state.sendCode} cooldownKey="user:withdraw" label={t('withdraw.getCode')} testId="withdraw-send-code" />
        }
        {...form.bind('code')}
      />
      {state.sentTo && (
        <p className="muted" data-testid="code-sent-to">
          {t('withdraw.codeSentTo', { username: state.sentTo })}
        </p>
      )}
      <ConfirmButton
        label={t('withdraw.confirm')}
        pending={state.pending}
        onConfirm={state.submit}
        testId="withdraw-confirm"
        hidden={state.spend.open}
      />
      {state.spend.asked && <SpendConfirmSheet asked={state.spend.asked} onClose={state.spend.close} />}
    </Form>
  );
}

function NoAssetPassword({ error }: { error: string | undefined }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const { navigateTo } = useNavigation();
  return (
    <div className="missing">
      <p>{tm('ASSET_PASSWORD_NOT_SET')}</p>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => navigateTo(routes.paymentPassword)}>
        {t('withdraw.setAssetPassword')}
      </button>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
