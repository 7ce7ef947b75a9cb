import type { Asset, AssetRecord, ExchangeRate, ExchangeResult, Paged, SysMessage, WalletConfig, WalletCurrency } from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** Wallet: configuration, exchange, asset records, system messages. */
export function walletEndpoints(http: HttpClient) {
  return {
    wallet: {
      getConfig: (currency: WalletCurrency) => http.get<WalletConfig>('/app/chargeAndWithdrawConfig/getConfig', { currency }),
      exchangeRates: () => http.get<ExchangeRate[]>('/app/user/account/exchangeRates'),
      exchange: (form: { fromCoin: Asset; toCoin: Asset; amount: string }, call?: CallOptions) =>
        http.post<ExchangeResult>('/app/user/account/exchange', form, call),
      findUserAccountRecordPage: (query: { pageNo: number; pageSize?: number; type?: string; coin?: Asset }) =>
        http.get<Paged<AssetRecord>>('/app/user/account/findUserAccountRecordPage', query),
    },
    sysMessage: {
      findUserMsgList: (query: { pageNo: number; pageSize?: number }) =>
        http.get<Paged<SysMessage> & { unread: number }>('/app/sysMessage/findUserMsgList', query),
      get: (id: number) => http.get<SysMessage>('/app/sysMessage/get', { id }),
      readMsg: (id: number) => http.post<null>('/app/sysMessage/readMsg', { id }),
    },
  };
}
