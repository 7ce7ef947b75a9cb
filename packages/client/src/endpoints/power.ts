import type { Paged, PowerCategory, PowerConfig, PowerPurchase, PowerRecord, PowerSession, UserPower } from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** The task platform (DoubleInvest): packages, the user's power, purchases, gifts and records. */
export function powerEndpoints(http: HttpClient) {
  return {
    powerSession: {
      config: () => http.get<PowerConfig>('/app/powerSession/config/get'),
      list: () => http.get<PowerSession[]>('/app/powerSession/list'),
      cateList: () => http.get<PowerCategory[]>('/app/powerSession/cateList'),
    },
    userPower: {
      get: () => http.get<UserPower>('/app/userPower/get'),
      /** Pass an Idempotency-Key (call.idempotencyKey) so a retry never buys twice. */
      buyPower: (form: { sessionId: number }, call?: CallOptions) => http.post<PowerPurchase>('/app/userPower/buyPower', form, call),
      /** Buys a package that another user (ten-digit phone or invitation code) holds as gift power. */
      givePower: (form: { sessionId: number; account: string }, call?: CallOptions) =>
        http.post<PowerPurchase>('/app/userPower/givePower', form, call),
      powerRecordPage: (query: { pageNo: number }) => http.get<Paged<PowerRecord>>('/app/userPower/powerRecordPage', query),
    },
  };
}
