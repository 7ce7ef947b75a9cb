import {
  type BankCardView,
  checkAssetPassword,
  checkCode,
  formatMoney,
  type MessageKey,
  routes,
  USDT_NETWORKS,
  type UsdtWalletType,
  type WalletConfig,
  type WalletCurrency,
  type WalletView,
  type WithdrawalView,
} from '@prism/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { QueryView } from '../../../components/QueryView';
import { SendCodeButton } from '../../../components/SendCodeButton';
import { errorMessage } from '../../../lib/api';
import { splitServerError, useForm } from '../../../lib/form';
import { useIntent } from '../../../lib/intent';
import { formatAmount } from '../../../lib/money';
import { useNavigation } from '../../../lib/navigation';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { sendWithdrawCode } from '../api/sendCode';
import { useWithdraw, type WithdrawRequest } from '../api/withdraw';
import { checkAmount, feePreview, withdrawFieldOf } from '../preview';

const FIELDS = ['amount', 'assetPassword', 'code', 'destination'] as const;

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
export function WithdrawForm({ currency, config, balance, withdrawable, hasAssetPassword, cards, wallets, onDone }: WithdrawFormProps) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const { navigateTo } = useNavigation();
  const form = useForm({ amount: '', assetPassword: '', code: '', destination: '' });
  const [cardId, setCardId] = useState<number>();
  const [network, setNetwork] = useState<UsdtWalletType>('TRC20');
  const [sentTo, setSentTo] = useState<string>();
  const mutation = useWithdraw();
  const intent = useIntent();
  const preview = feePreview(form.values.amount, config.withdrawFeeRate);

  const chosenCard = cards.data?.find((card) => card.id === cardId) ?? cards.data?.[0];
  const boundAddress = wallets.data?.find((wallet) => wallet.walletType === network && wallet.bound)?.address;

  const fail = (error: unknown) => {
    const field = withdrawFieldOf(error);
    if (field) {
      form.setErrors({ [field]: errorMessage(error) });
      return;
    }
    const split = splitServerError(error, FIELDS);
    form.setErrors(split.fields);
    if (split.toast) toast(split.toast);
  };

  const submit = useThrottled(() => {
    const { amount, assetPassword, code } = form.values;
    const checked = checkAmount(amount, config, balance, withdrawable);
    let destination: MessageKey | undefined;
    if (currency === 'CASH' && !chosenCard) destination = 'BANK_CARD_REQUIRED';
    if (currency === 'USDT' && !boundAddress) destination = 'ADD_ADDRESS_FIRST';
    const valid = form.check({
      amount: 'error' in checked ? checked.error : undefined,
      destination,
      assetPassword: hasAssetPassword ? (checkAssetPassword(assetPassword) ?? undefined) : 'ASSET_PASSWORD_NOT_SET',
      code: checkCode(code) ?? undefined,
    });
    if (!valid || 'error' in checked) return;
    const request: WithdrawRequest = {
      currency,
      amount: formatMoney(checked.value),
      assetPassword,
      code: code.trim(),
      ...(currency === 'CASH' ? { bankCardId: chosenCard?.id ?? 0 } : { walletType: network }),
    };
    // The key follows what moves (amount, destination), not the secrets typed with it.
    const key = intent.keyFor({ ...request, assetPassword: undefined, code: undefined });
    mutation.mutate(
      { request, idempotencyKey: key },
      {
        onSuccess: (withdrawal) => {
          intent.settle();
          form.setValues({ amount: '', assetPassword: '', code: '', destination: '' });
          onDone(withdrawal);
        },
        onError: (error) => {
          intent.settle(error);
          fail(error);
        },
      },
    );
  });

  const sendCode = async () => {
    const sent = await form.attempt(() => sendWithdrawCode());
    if (sent) setSentTo(sent.sentTo);
    return sent;
  };

  return (
    <Form onSubmit={submit} className="card">
      <Field
        label={`${t('withdraw.amount')} (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        data-testid="withdraw-amount"
        trailing={
          <button
            type="button"
            className="btn btn-code"
            onClick={() => {
              form.setValues((values) => ({ ...values, amount: formatAmount(withdrawable) }));
              form.setErrors((errors) => ({ ...errors, amount: undefined }));
            }}
          >
            {t('withdraw.all')}
          </button>
        }
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

      <fieldset className="choice">
        <legend className="field-label">{t('withdraw.destination')}</legend>
        {currency === 'CASH' ? (
          <QueryView query={cards}>
            {(list) =>
              list.length === 0 ? (
                <div className="missing">
                  <p>{tm('BANK_CARD_REQUIRED')}</p>
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => navigateTo(routes.bankCard)}>
                    {t('withdraw.addBankCard')}
                  </button>
                </div>
              ) : (
                <div className="option-list">
                  {list.map((card) => (
                    <label key={card.id} className="option">
                      <input
                        type="radio"
                        name="bankCardId"
                        checked={chosenCard?.id === card.id}
                        onChange={() => {
                          setCardId(card.id);
                          form.setErrors((errors) => ({ ...errors, destination: undefined }));
                        }}
                      />
                      <span className="option-text">
                        {card.bankName} <span dir="ltr">{card.cardNumber}</span>
                        <span className="muted"> · {card.holderName}</span>
                      </span>
                    </label>
                  ))}
                  <button type="button" className="btn-link" onClick={() => navigateTo(routes.bankCard)}>
                    {t('withdraw.addBankCard')}
                  </button>
                </div>
              )
            }
          </QueryView>
        ) : (
          <div className="stack">
            <div className="chips">
              {USDT_NETWORKS.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="chip"
                  aria-pressed={network === name}
                  onClick={() => {
                    setNetwork(name);
                    form.setErrors((errors) => ({ ...errors, destination: undefined }));
                  }}
                  data-testid={`withdraw-network-${name}`}
                >
                  {name}
                </button>
              ))}
            </div>
            <QueryView query={wallets}>
              {() =>
                boundAddress ? (
                  <code className="address address-box" data-testid="withdraw-address">
                    {boundAddress}
                  </code>
                ) : (
                  <div className="missing">
                    <p>{tm('ADD_ADDRESS_FIRST')}</p>
                    <button type="button" className="btn btn-ghost btn-small" onClick={() => navigateTo(routes.bankCard)}>
                      {t('withdraw.bindAddress')}
                    </button>
                  </div>
                )
              }
            </QueryView>
          </div>
        )}
        {form.errors.destination && <p className="field-error">{form.errors.destination}</p>}
      </fieldset>

      {hasAssetPassword ? (
        <Field label={t('withdraw.assetPassword')} {...pin} {...form.bind('assetPassword')} />
      ) : (
        <div className="missing">
          <p>{tm('ASSET_PASSWORD_NOT_SET')}</p>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => navigateTo(routes.paymentPassword)}>
            {t('withdraw.setAssetPassword')}
          </button>
          {form.errors.assetPassword && <p className="field-error">{form.errors.assetPassword}</p>}
        </div>
      )}

      <Field
        label={t('withdraw.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        hint={sentTo ? undefined : t('withdraw.codeHint')}
        trailing={<SendCodeButton onSend={sendCode} label={t('withdraw.getCode')} testId="withdraw-send-code" />}
        {...form.bind('code')}
      />
      {sentTo && (
        <p className="muted" data-testid="code-sent-to">
          {t('withdraw.codeSentTo', { username: sentTo })}
        </p>
      )}
      <ConfirmButton label={t('withdraw.confirm')} pending={mutation.isPending} onConfirm={submit} testId="withdraw-confirm" />
    </Form>
  );
}
