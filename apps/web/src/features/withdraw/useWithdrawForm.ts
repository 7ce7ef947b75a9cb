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
import { useSpendConfirm } from '../../components/SpendConfirm';
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

/** The state of the withdrawal form: values, the chosen destination, the code sent, and submit. */
export function useWithdrawForm({ currency, config, balance, withdrawable, hasAssetPassword, cards, wallets, onDone }: WithdrawFormInput) {
  const form = useForm(EMPTY);
  const [cardId, setCardId] = useState<number>();
  const [network, setNetwork] = useState<UsdtWalletType>(DEFAULT_USDT_NETWORK);
  const [sentTo, setSentTo] = useState<string>();
  const mutation = useWithdraw();
  useClosingConfirmation(form.dirty);
  const intent = useIntent();
  const { t } = useTranslation();
  // The last step before money leaves: the amount and the balance after (issue 23).
  const spend = useSpendConfirm();

  const chosenCard = cards?.find((card) => card.id === cardId) ?? cards?.[0];
  const boundAddress = wallets?.find((wallet) => wallet.walletType === network && wallet.bound)?.address;
  const clearError = (field: (typeof FIELDS)[number]) => form.setErrors((errors) => ({ ...errors, [field]: undefined }));

  const fail = (error: unknown) => {
    haptics.error();
    const field = withdrawFieldOf(error);
    if (field) {
      form.setErrors({ [field]: errorMessage(error) });
      return;
    }
    const split = splitServerError(error, FIELDS);
    form.setErrors(split.fields);
    if (split.toast) toastError(split.toast);
  };

  const destinationError = (): MessageKey | undefined => {
    if (currency === 'CASH' && !chosenCard) return 'BANK_CARD_REQUIRED';
    if (currency === 'USDT' && !boundAddress) return 'ADD_ADDRESS_FIRST';
    return undefined;
  };

  const submit = useThrottled(() => {
    const { amount, assetPassword, code } = form.values;
    const checked = checkAmount(amount, config, balance, withdrawable);
    const valid = form.check({
      amount: 'error' in checked ? checked.error : undefined,
      destination: destinationError(),
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
    const receive = feePreview(request.amount, config.withdrawFeeRate)?.receive ?? request.amount;
    spend.ask({ amount: checked.value, coin: currency, balance }, t('spend.what.withdraw', { receive, coin: currency }), () =>
      mutation.mutate(
        { request, idempotencyKey: key },
        {
          onSuccess: (withdrawal) => {
            intent.settle();
            haptics.success();
            form.setValues(EMPTY);
            onDone(withdrawal);
          },
          onError: (error) => {
            intent.settle(error);
            fail(error);
          },
        },
      ),
    );
  });

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
    chosenCard,
    chooseCard: (id: number) => {
      haptics.selection();
      setCardId(id);
      clearError('destination');
    },
    network,
    chooseNetwork: (name: UsdtWalletType) => {
      haptics.selection();
      setNetwork(name);
      clearError('destination');
    },
    boundAddress,
    sentTo,
    sendCode,
    submit,
    spend,
    pending: mutation.isPending,
  };
}
