import type { BankCardView, Paged, UsdtWalletType, WalletView, WithdrawalView, WithdrawCodeSent } from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** A type alias (not an interface), so it fits the client's form type. */
type WithdrawSecrets = {
  /** The 6-digit payment password. */
  assetPassword: string;
  /** The code the bot sent to the user's Telegram chat. */
  code: string;
};

/** Money out: bank cards, wallets, withdrawal codes and withdrawals. */
export function withdrawEndpoints(http: HttpClient) {
  return {
    withdraw: {
      sendCode: () => http.post<WithdrawCodeSent>('/app/user/withdraw/sendCode'),
      /** CASH to one of the user's bank cards. */
      cashApply: (form: WithdrawSecrets & { amount: string; bankCardId: number }, call?: CallOptions) =>
        http.post<WithdrawalView>('/app/user/cashWithdrawal/apply', form, call),
      /** USDT to the user's bound address on `walletType`. */
      usdtWithdrawal: (form: WithdrawSecrets & { amount: string; walletType: UsdtWalletType }, call?: CallOptions) =>
        http.post<WithdrawalView>('/app/user/withdraw/withdrawal', form, call),
      list: (query: { pageNo: number; pageSize?: number }) => http.get<Paged<WithdrawalView>>('/app/user/withdraw/list', query),
    },
    userBank: {
      list: () => http.post<BankCardView[]>('/app/userBank/list'),
      page: (form: { pageNo: number; pageSize?: number }) => http.post<Paged<BankCardView>>('/app/userBank/page', form),
      save: (form: { id?: number; bankName: string; cardNumber: string; holderName: string; ifsc: string }) =>
        http.post<BankCardView>('/app/userBank/save', form),
      remove: (id: number) => http.post<null>('/app/userBank/remove', { id }),
    },
    userWallet: {
      list: () => http.get<WalletView[]>('/app/user/wallet/list'),
      bind: (form: { walletType: UsdtWalletType; address: string }) => http.post<WalletView>('/app/user/wallet/bind', form),
    },
  };
}
