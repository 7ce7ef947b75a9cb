import type { GiftCodeRedemption, LevelCollectResult, LevelList, Paged, SignInResult, SignInStatus, TapAnswer } from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** Engagement: the daily sign-in, gift codes, levels with upgrade tasks and tap-to-earn. */
export function engageEndpoints(http: HttpClient) {
  return {
    signIn: {
      signStatus: () => http.post<SignInStatus>('/app/signIn/signStatus'),
      signIn: (call?: CallOptions) => http.post<SignInResult>('/app/signIn/signIn', {}, call),
    },
    giftCode: {
      redeem: (form: { code: string }, call?: CallOptions) => http.post<GiftCodeRedemption>('/app/giftCode/redeem', form, call),
      records: (query: { pageNo: number; pageSize?: number }) => http.get<Paged<GiftCodeRedemption>>('/app/giftCode/records', query),
    },
    level: {
      list: () => http.get<LevelList>('/app/level/list'),
      collect: (form: { taskId: number }, call?: CallOptions) => http.post<LevelCollectResult>('/app/level/collect', form, call),
    },
    taping: {
      /** Always encrypted by the codec; count 0 reads the energy, a batch needs its own batchId. */
      tapingV2: (form: { count: number; batchId?: string }) => http.post<TapAnswer>('/app/taping/tapingV2', form),
    },
  };
}
