import type {
  ChainDeposit,
  DepositWallet,
  Paged,
  PayChannel,
  RechargeAddress,
  RechargeAmountList,
  RechargeOrder,
  RechargeTask,
  UsdtNetwork,
} from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** Money in: pay channels, CASH recharge, USDT deposit addresses, recharge orders. */
export function rechargeEndpoints(http: HttpClient) {
  return {
    recharge: {
      payChannelList: () => http.post<PayChannel[]>('/app/payChannel/list'),
      amountList: () => http.post<RechargeAmountList>('/app/user/cashRecharge/amountList'),
      /** Creates a pending order; send the browser to `payUrl`. Pass an idempotencyKey so a retry creates one order. */
      recharge: (form: { payChannelName: string; amount: string }, call?: CallOptions) =>
        http.post<RechargeOrder>('/app/user/cashRecharge/recharge', form, call),
      getWallet: () => http.post<DepositWallet[]>('/app/user/recharge/getWallet'),
      getRecharge: (walletType?: UsdtNetwork) => http.post<RechargeAddress>('/app/wallet/getRecharge', { walletType }),
      /** Play-money mode only (`simulate` in getRecharge): a demo deposit to the user's own address, credited once per idempotencyKey. */
      simulateDeposit: (form: { walletType: UsdtNetwork; amount: string }, call?: CallOptions) =>
        http.post<ChainDeposit>('/app/user/recharge/simulateDeposit', form, call),
      rechargeTaskList: (query: { pageNo: number; pageSize?: number }) =>
        http.get<Paged<RechargeTask>>('/app/user/rechargeTask/list', query),
    },
  };
}
