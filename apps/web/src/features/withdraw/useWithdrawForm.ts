import {
  type BankCardView,
  checkAssetPassword,
  checkCode,
  DEFAULT_USDT_NETWORK,
  formatMoney,
  type MessageKey,
  type UsdtWalletType,
  type WalletConfig,
  type WalletCurrency,
  type WalletView,
  type WithdrawalView,
} from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SpendAsk, useSpendAsk } from '../../components/spendAsk';
import { errorMessage } from '../../lib/api';
import { splitServerError, useForm } from '../../lib/form';
import { useIntent } from '../../lib/intent';
import { haptics, useClosingConfirmation } from '../../lib/native';
import { useThrottled } from '../../lib/throttle';
import { toastError } from '../../lib/toast';
import { sendWithdrawCode } from './api/sendCode';
import { useWithdraw, type WithdrawRequest } from './api/withdraw';
import { checkAmount, feePreview, withdrawFieldOf } from './preview';

const FIELDS = ['amount', 'assetPassword', 'code', 'destination'] as const;
const EMPTY = { amount: '', assetPassword: '', code: '', destination: '' };

export interface WithdrawFormInput {
  currency: WalletCurrency;
  config: WalletConfig;
  balance: string;
  withdrawable: string;
  hasAssetPassword: boolean;
  cards: BankCardView[] | undefined;
  wallets: WalletView[] | undefined;
  onDone: (withdrawal: WithdrawalView) => void;
}

type WithdrawFormState = ReturnType<typeof useForm<keyof typeof EMPTY>>;
type Field = (typeof FIELDS)[number];

/** The state of the withdrawal form: values, the chosen destination, the code sent, and submit. */
export function useWithdrawForm(input: WithdrawFormInput) {
  const { config } = input;
  const form = useForm(EMPTY);
  const [sentTo, setSentTo] = useState<string>();
  useClosingConfirmation(form.dirty);
  const clearError = (field: Field) => form.setErrors((errors) => ({ ...errors, [field]: undefined }));
  const destination = useDestination(input, () => clearError('destination'));
  // The last step before money leaves: the amount and the balance after (docs/decisions.md, "What a player sees before money moves").
  const spend = useSpendAsk();
  const { submit, pending } = useWithdrawSubmit(input, form, destination, spend);

  const sendCode = async () => {
    const sent = await form.attemptCode(() => sendWithdrawCode());
    if (sent && 'sentTo' in sent) setSentTo(sent.sentTo);
    return sent;
  };

  return {
    form,
    preview: feePreview(form.values.amount, config.withdrawFeeRate),
    fillAmount: (amount: string) => {
      form.setValues((values) => ({ ...values, amount }));
      clearError('amount');
    },
    chosenCard: destination.chosenCard,
    chooseCard: destination.chooseCard,
    network: destination.network,
    chooseNetwork: destination.chooseNetwork,
    boundAddress: destination.boundAddress,
    sentTo,
    sendCode,
    submit,
    spend,
    pending,
  };
}

/** Where the money goes: a bank card for CASH, the bound address of the chosen network for USDT. */
function useDestination({ currency, cards, wallets }: WithdrawFormInput, clearError: () => void) {
  const [cardId, setCardId] = useState<number>();
  const [network, setNetwork] = useState<UsdtWalletType>(DEFAULT_USDT_NETWORK);
  const chosenCard = cards?.find((card) => card.id === cardId) ?? cards?.[0];
  const boundAddress = wallets?.find((wallet) => wallet.walletType === network && wallet.bound)?.address;
  const error = (): MessageKey | undefined => {
    if (currency === 'CASH' && !chosenCard) return 'BANK_CARD_REQUIRED';
    if (currency === 'USDT' && !boundAddress) return 'ADD_ADDRESS_FIRST';
    return undefined;
  };
  return {
    chosenCard,
    boundAddress,
    network,
    error,
    chooseCard: (id: number) => {
      haptics.selection();
      setCardId(id);
      clearError();
    },
    chooseNetwork: (name: UsdtWalletType) => {
      haptics.selection();
      setNetwork(name);
      clearError();
    },
  };
}

type Destination = ReturnType<typeof useDestination>;

/** A refusal under its field when it has one, else split between fields and a toast. */
function showFailure(form: WithdrawFormState, error: unknown): void {
  haptics.error();
  const field = withdrawFieldOf(error);
  if (field) {
    form.setErrors({ [field]: errorMessage(error) });
    return;
  }
  const split = splitServerError(error, FIELDS);
  form.setErrors(split.fields);
  if (split.toast) toastError(split.toast);
}

/** Submit: the checks the app can make, then the spend's confirmation, then the request (once per intent). */
function useWithdrawSubmit(input: WithdrawFormInput, form: WithdrawFormState, destination: Destination, spend: SpendAsk) {
  const { currency, config, balance, withdrawable, hasAssetPassword, onDone } = input;
  const mutation = useWithdraw();
  const intent = useIntent();
  const { t } = useTranslation();

  const send = (request: WithdrawRequest) =>
    mutation.mutate(
      // The key follows what moves (amount, destination), not the secrets typed with it.
      { request, idempotencyKey: intent.keyFor({ ...request, assetPassword: undefined, code: undefined }) },
      {
        onSuccess: (withdrawal) => {
          intent.settle();
          haptics.success();
          form.setValues(EMPTY);
          onDone(withdrawal);
        },
        onError: (error) => {
          intent.settle(error);
          showFailure(form, error);
        },
      },
    );

  const submit = useThrottled(() => {
    const { amount, assetPassword, code } = form.values;
    const checked = checkAmount(amount, config, balance, withdrawable);
    const valid = form.check({
      amount: 'error' in checked ? checked.error : undefined,
      destination: destination.error(),
      assetPassword: hasAssetPassword ? (checkAssetPassword(assetPassword) ?? undefined) : 'ASSET_PASSWORD_NOT_SET',
      code: checkCode(code) ?? undefined,
    });
    if (!valid || 'error' in checked) return;
    const request: WithdrawRequest = {
      currency,
      amount: formatMoney(checked.value),
      assetPassword,
      code: code.trim(),
      ...(currency === 'CASH' ? { bankCardId: destination.chosenCard?.id ?? 0 } : { walletType: destination.network }),
    };
    const receive = feePreview(request.amount, config.withdrawFeeRate)?.receive ?? request.amount;
    spend.ask({ amount: checked.value, coin: currency, balance }, t('spend.what.withdraw', { receive, coin: currency }), () =>
      send(request),
    );
  });

  return { submit, pending: mutation.isPending };
}
