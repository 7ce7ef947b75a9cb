import { DEFAULT_USDT_NETWORK, type UsdtWalletType, type WalletCurrency } from '@prism/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

export interface WithdrawRequest {
  currency: WalletCurrency;
  amount: string;
  assetPassword: string;
  code: string;
  /** CASH: the bank card. */
  bankCardId?: number;
  /** USDT: the network of the bound address. */
  walletType?: UsdtWalletType;
}

/** POST /app/user/cashWithdrawal/apply (CASH) or /app/user/withdraw/withdrawal (USDT), with an Idempotency-Key. */
export function withdraw({ request, idempotencyKey }: { request: WithdrawRequest; idempotencyKey: string }) {
  const { currency, amount, assetPassword, code } = request;
  if (currency === 'CASH') {
    return api.withdraw.cashApply({ amount, assetPassword, code, bankCardId: request.bankCardId ?? 0 }, { idempotencyKey });
  }
  return api.withdraw.usdtWithdrawal(
    { amount, assetPassword, code, walletType: request.walletType ?? DEFAULT_USDT_NETWORK },
    { idempotencyKey },
  );
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: () =>
      Promise.all(
        [queryKeys.userInfo, queryKeys.withdrawals, queryKeys.assetRecords, queryKeys.messages].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
