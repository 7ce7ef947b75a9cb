import type { GiftCodeRedemption, Paged, SignInResult, SignInStatus } from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** Engagement: the daily sign-in and gift codes (levels and taps join here). */
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
  };
}
