import type {
  AdvisorOrder,
  AdvisorProduct,
  AdvisorQuoteView,
  DepositQuoteView,
  FixedDeposit,
  FixedDepositConfig,
  Paged,
  TransferOutResult,
} from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** Investment products: advisor follow-invest and fixed deposits (ours, in the specification's style). */
export function investEndpoints(http: HttpClient) {
  return {
    followInvest: {
      productList: () => http.get<AdvisorProduct[]>('/app/followInvest/productList'),
      quote: (query: { productId: number; amount: string }) => http.get<AdvisorQuoteView>('/app/followInvest/quote', query),
      buy: (form: { productId: number; amount: string }, call?: CallOptions) =>
        http.post<AdvisorOrder>('/app/followInvest/buy', form, call),
      orderPage: (query: { pageNo: number; pageSize?: number }) => http.get<Paged<AdvisorOrder>>('/app/followInvest/orderPage', query),
    },
    fixedDeposit: {
      config: () => http.get<FixedDepositConfig>('/app/fixedDeposit/config/get'),
      quote: (query: { productId: number; amount: string }) => http.get<DepositQuoteView>('/app/fixedDeposit/quote', query),
      list: (query: { pageNo: number; pageSize?: number }) => http.get<Paged<FixedDeposit>>('/app/fixedDeposit/list', query),
      deposit: (form: { productId: number; amount: string }, call?: CallOptions) =>
        http.post<FixedDeposit>('/app/fixedDeposit/deposit', form, call),
      transferOut: (form: { id: number; amount: string }, call?: CallOptions) =>
        http.post<TransferOutResult>('/app/fixedDeposit/transferOut', form, call),
    },
  };
}
